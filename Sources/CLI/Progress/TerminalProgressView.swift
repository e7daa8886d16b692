import Domain
import Presentation
import Terminal

/// `compare` and `trend` for a person at a terminal: aligned columns whatever the script (widths
/// measured as the terminal draws them, colour escapes never counted), changes as ▲ (green) and
/// ▼ (red), a percentile framed as "top N%" as the report shows it, sparklines on a fixed 0–100
/// scale so that their heights compare across rows, and on one time axis — a mark an interview
/// (or a run of them, said so, when there are more than fit), `·` where a series has no value.
/// The words a person reads are `ProgressWords`, in the language chosen for the run.
struct TerminalProgressView: Sendable {
    let style: TextStyle
    let columns: Int?
    var words: ProgressWords = .english

    static let sparks = Array("▁▂▃▄▅▆▇█")
    static let gap: Character = "·"

    func render(_ data: ComparisonViewData) -> String {
        let comparison = data.comparison
        var lines = [style.bold(words.compareHeading(comparison.before.termNo, comparison.after.termNo))]
        if let kind = data.latestKind { lines += wrapped(words.latest(kind)).map(style.dim) }
        lines += title(data.before, label: "A") + title(data.after, label: "B")
        for table in ComparisonTables(comparison, words: words).tables {
            lines += [""] + self.table(header: table.header, rows: table.rows)
            for note in table.notes { lines += wrapped(note).map(style.dim) }
        }
        if comparison.keywordsGained.isEmpty && comparison.keywordsLost.isEmpty {
            if comparison.before.keywords != nil && comparison.after.keywords != nil {
                lines += ["", style.bold(words.keywords) + " " + style.dim(words.same)]
            }
        } else {
            lines += ["", style.bold(words.keywords)]
            if !comparison.keywordsGained.isEmpty { lines += keywords(words.gained, comparison.keywordsGained) }
            if !comparison.keywordsLost.isEmpty { lines += keywords(words.lost, comparison.keywordsLost) }
        }
        for (side, sections) in [("A", comparison.sectionsOnlyBefore), ("B", comparison.sectionsOnlyAfter)] where !sections.isEmpty {
            lines += ["", style.dim(words.onlyIn(side) + words.sections(sections))]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func render(_ data: TrendViewData) -> String {
        let trend = data.trend
        let dates = [data.titles.first, data.titles.last].map { title in
            title.map { SectionFormatter.title($0.interview, words: words.words).dateText } ?? "—"
        }
        let first = dates[0], last = dates[1]
        let size = bucketSize(trend.reports.count)
        var lines = [style.bold(words.trendHeading(trend.reports.count))]
        // The span on one line where it fits, else its two ends on two.
        if TextLayout.width(of: "  \(first) → \(last)") <= (columns ?? .max) {
            lines.append("  " + style.dim("\(first) → \(last)"))
        } else {
            lines += ["  " + style.dim(first), "  " + style.dim("→ \(last)")]
        }
        if size > 1 { lines += wrapped(words.bucket(size)).map(style.dim) }
        let header = { (name: String) in [name, "", words.first, words.last, words.best, words.change] }
        let rows = { (series: [ProgressTrend.Series], percent: Bool) -> [[String]] in
            series.map { series in
                let suffix = percent ? "%" : ""
                return [series.name, sparkline(series.slots), "\(series.first.value)\(suffix)",
                        "\(series.last.value)\(suffix)", words.bestValue("\(series.best.value)\(suffix)", series.best.termNo), change(series.change)]
            }
        }
        if !trend.traits.isEmpty {
            lines += [""] + table(header: header(words.character), rows: rows(trend.traits, false), droppable: [4, 2])
        }
        if trend.aptitude.count > 1 {
            let grades = trend.aptitude.map(\.grade), percentiles = trend.aptitude.map(\.percentile)
            let best = trend.aptitude.max { $0.percentile < $1.percentile } ?? trend.aptitude[0]
            lines += [""] + table(header: header(words.aptitude), rows: [
                [words.grade, gradeLine(trend.aptitudeSlots.map { $0?.grade }), grades[0], grades[grades.count - 1],
                 AptitudeGrade.best(of: grades) ?? "—", change(AptitudeGrade.steps(from: grades[0], to: grades[grades.count - 1]))],
                [words.percentile, sparkline(trend.aptitudeSlots.map { $0?.percentile }), top(percentiles[0]),
                 top(percentiles[percentiles.count - 1]), words.bestValue(top(best.percentile), best.termNo),
                 change(percentiles[percentiles.count - 1] - percentiles[0])],
            ] + rows(trend.games, true), droppable: [4, 2])
        } else if !trend.games.isEmpty {
            lines += [""] + table(header: header(words.gamesOfMax), rows: rows(trend.games, true), droppable: [4, 2])
        }
        if !trend.video.isEmpty {
            let video = ComparisonTables.trendVideo(trend, words: words)
            lines += [""] + table(header: header(words.video), rows: rows(video.series, false), droppable: [4, 2])
            for note in video.notes { lines += wrapped(note).map(style.dim) }
        }
        let labels = ComparisonTables.questionLabels(trend)
        lines += [""] + summary(words.improved, trend.rose, labels: labels) + summary(words.fell, trend.fellAll, labels: labels)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Improved most: 꼼꼼함 ▲ 43, grade ▲ 1, …, and 4 more`: the three that moved most, and how
    /// many more did; wrapped between items by their width without colour.
    private func summary(_ label: String, _ changes: [ProgressTrend.Change], labels: [String: Int]) -> [String] {
        let shown = changes.prefix(3).map { item -> (plain: String, shown: String) in
            let name = PrintableText.line(words.subject(item.subject, labels: labels)), text = change(item.change)
            return (name + " " + text, name + " " + coloured(text))
        }
        var parts = shown.isEmpty ? [(plain: "—", shown: "—")] : Array(shown)
        if changes.count > 3 { parts.append((words.more(changes.count - 3), words.more(changes.count - 3))) }
        parts[0] = (label + parts[0].plain, label + parts[0].shown)
        let lines = TextLayout.joinWrapping(parts, separator: ", ", columns: columns.map { $0 - 4 })
        return lines.enumerated().map { ($0.offset == 0 ? "  " : "    ") + $0.element }
    }

    private func top(_ percentile: Int) -> String { words.top(percentile) }

    /// `gained: React · 접근성 · 디자인 시스템`: each keyword as the service wrote it (as `fetch`
    /// shows them), broken between keywords.
    private func keywords(_ label: String, _ words: [String]) -> [String] {
        var parts = words.map { (plain: PrintableText.line($0), shown: PrintableText.line($0)) }
        parts[0] = (label + parts[0].plain, label + parts[0].shown)
        let lines = TextLayout.joinWrapping(parts, separator: SectionFormatter.keywordSeparator, columns: columns.map { $0 - 4 })
        return lines.enumerated().map { ($0.offset == 0 ? "  " : "    ") + $0.element }
    }

    /// How many of the newest points a sparkline has room for.
    var sparkRoom: Int { max(6, (columns ?? 120) / 4) }

    /// How many interviews one mark of a sparkline stands for: one, unless there are more
    /// interviews than room.
    func bucketSize(_ count: Int) -> Int {
        count <= sparkRoom ? 1 : (count + sparkRoom - 1) / sparkRoom
    }

    /// One mark a slot of the time axis (a run of `bucketSize` interviews: their mean) on a
    /// fixed 0–100 scale; `·` where there is no value.
    func sparkline(_ slots: [Int?]) -> String {
        String(buckets(slots).map { values in
            let present = values.compactMap { $0 }
            guard !present.isEmpty else { return Self.gap }
            let mean = Int((Double(present.reduce(0, +)) / Double(present.count)).rounded())
            return Self.sparks[min(7, max(0, mean) * 8 / 101)]
        })
    }

    /// The grades on the same axis: a run's last grade, `·` where there is none.
    func gradeLine(_ slots: [String?]) -> String {
        buckets(slots).map { values in values.compactMap { $0 }.last.map { String($0.prefix(1)) } ?? String(Self.gap) }.joined()
    }

    private func buckets<Value>(_ slots: [Value?]) -> [[Value?]] {
        let size = bucketSize(slots.count)
        return stride(from: 0, to: slots.count, by: size).map { Array(slots[$0..<min($0 + size, slots.count)]) }
    }

    private func change(_ value: Int?) -> String {
        ChangeText.text(value)
    }

    /// A change cell coloured by its sign, after it is padded (colour codes have no width).
    private func coloured(_ cell: String) -> String {
        if cell.contains("▲") { return style.green(cell) }
        if cell.contains("▼") { return style.red(cell) }
        return cell.trimmingWhitespace() == "—" ? style.dim(cell) : cell
    }

    /// `  A  사람인 · iOS 개발 · …`, wrapped on its ` · ` parts under the label.
    private func title(_ title: TitleViewData, label: String) -> [String] {
        let title = SectionFormatter.title(title.interview, words: words.words)
        let parts = (title.headline + " · " + title.kindText).components(separatedBy: " · ")
            + [title.dateText, words.term(title.interview.termNo)]
        let lines = TextLayout.joinWrapping(parts.map { (plain: PrintableText.line($0), shown: PrintableText.line($0)) },
                                            separator: " · ", columns: columns.map { $0 - 5 })
        return lines.enumerated().map { ($0.offset == 0 ? "  \(label)  " : "     ") + $0.element }
    }

    /// `text` in lines under two spaces, continuation lines under four.
    private func wrapped(_ text: String) -> [String] {
        guard let columns else { return ["  " + text] }
        let lines = TextLayout.wrap(text, columns: columns - 2)
        guard lines.count > 1 else { return lines.map { "  " + $0 } }
        let rest = TextLayout.wrap(lines.dropFirst().joined(separator: " "), columns: columns - 4)
        return ["  " + lines[0]] + rest.map { "    " + $0 }
    }

    /// Columns padded to their widest cell; on a narrow terminal the `droppable` columns go, in
    /// that order, until the table fits, then names are cut. The header bold.
    private func table(header: [String], rows: [[String]], droppable: [Int] = []) -> [String] {
        var header = header
        var cells = rows.map { row in [PrintableText.line(row[0])] + row.dropFirst() }
        func width(of column: Int) -> Int {
            ([header[column]] + cells.map { $0[column] }).map { TextLayout.width(of: $0) }.max() ?? 0
        }
        if let columns {
            for column in droppable.sorted(by: >) where header.indices.reduce(2, { $0 + width(of: $1) + 2 }) > columns {
                header.remove(at: column)
                cells = cells.map { var row = $0; row.remove(at: column); return row }
            }
        }
        var widths: [Int] = header.indices.map(width(of:))
        if let columns {
            let others = widths.dropFirst().reduce(0, +) + 2 * (widths.count - 1) + 2
            widths[0] = max(8, min(widths[0], columns - others))
        }
        func line(_ row: [String], bold: Bool) -> String {
            var parts: [String] = []
            for (column, cell) in row.enumerated() {
                let shown = column == 0 ? TextLayout.truncate(cell, to: widths[0]) : cell
                let pad = String(repeating: " ", count: max(0, widths[column] - TextLayout.width(of: shown)))
                if column == 0 || header[column].isEmpty {
                    // Names and sparklines read from the left; numbers line up on the right.
                    parts.append(shown + pad)
                } else {
                    parts.append(pad + (!bold && column == row.count - 1 ? coloured(shown) : shown))
                }
            }
            let text = ("  " + parts.joined(separator: "  ")).trimmingTrailingSpaces()
            return bold ? style.bold(text) : text
        }
        return [line(header, bold: true)] + cells.map { line($0, bold: false) }
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
