import Domain
import Presentation
import Terminal

/// `compare` and `trend` for a person at a terminal: aligned columns whatever the script (widths
/// measured as the terminal draws them), changes as ▲ (green) and ▼ (red), sparklines on a fixed
/// 0–100 scale so that their heights compare across rows.
struct TerminalProgressView: Sendable {
    let style: TextStyle
    let columns: Int?

    static let sparks = Array("▁▂▃▄▅▆▇█")

    func render(_ data: ComparisonViewData) -> String {
        let comparison = data.comparison
        var lines = [style.bold("Compare term \(comparison.before.termNo) → term \(comparison.after.termNo)")]
        lines += title(data.before, label: "A") + title(data.after, label: "B")
        if !comparison.traits.isEmpty {
            lines += [""] + table(header: ["Character", "A", "B", "change"], rows: comparison.traits.map { trait in
                [trait.name, trait.before.map(String.init) ?? "—", trait.after.map(String.init) ?? "—", change(trait.change)]
            })
        }
        let aptitudeRows: [[String]] = (comparison.before.aptitude != nil || comparison.after.aptitude != nil ? [
            ["grade", comparison.before.aptitude?.grade ?? "—", comparison.after.aptitude?.grade ?? "—", change(comparison.gradeSteps)],
            ["percentile", comparison.before.aptitude.map { "\($0.percentile)" } ?? "—",
             comparison.after.aptitude.map { "\($0.percentile)" } ?? "—", change(comparison.percentileChange)],
        ] : []) + comparison.games.map { game in
            [game.name, game.before.map { "\($0.score)/\($0.maxScore)" } ?? "—", game.after.map { "\($0.score)/\($0.maxScore)" } ?? "—",
             game.scoreChange.map(change) ?? game.percentOfMaxChange.map { change($0) + " pp" } ?? "—"]
        }
        if !aptitudeRows.isEmpty {
            lines += [""] + table(header: ["Aptitude", "A", "B", "change"], rows: aptitudeRows)
        }
        if comparison.keywordsGained.isEmpty && comparison.keywordsLost.isEmpty {
            if comparison.before.keywords != nil && comparison.after.keywords != nil {
                lines += ["", style.bold("Keywords") + " " + style.dim("the same")]
            }
        } else {
            lines += ["", style.bold("Keywords")]
            if !comparison.keywordsGained.isEmpty { lines += wrapped("gained: " + printable(comparison.keywordsGained)) }
            if !comparison.keywordsLost.isEmpty { lines += wrapped("lost: " + printable(comparison.keywordsLost)) }
        }
        for (side, sections) in [("A", comparison.sectionsOnlyBefore), ("B", comparison.sectionsOnlyAfter)] where !sections.isEmpty {
            lines += ["", style.dim("Only in \(side): " + sections.map(\.heading).joined(separator: ", "))]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func render(_ data: TrendViewData) -> String {
        let trend = data.trend
        let first = data.titles.first?.dateText ?? "—", last = data.titles.last?.dateText ?? "—"
        var lines = [style.bold("Trend over \(trend.reports.count) interviews"), "  " + style.dim("\(first) → \(last)")]
        let rows = { (series: [ProgressTrend.Series], percent: Bool) -> [[String]] in
            series.map { series in
                let suffix = percent ? "%" : ""
                return [series.name, sparkline(series.points.map(\.value)), "\(series.first.value)\(suffix)",
                        "\(series.last.value)\(suffix)", "\(series.best.value)\(suffix) (\(series.best.termNo))", change(series.change)]
            }
        }
        if !trend.traits.isEmpty {
            lines += [""] + table(header: ["Character", "", "first", "last", "best", "change"], rows: rows(trend.traits, false),
                                  droppable: [4, 2])
        }
        if trend.aptitude.count > 1 {
            let grades = trend.aptitude.map(\.grade), percentiles = trend.aptitude.map(\.percentile)
            lines += [""] + table(header: ["Aptitude", "", "first", "last", "best", "change"], rows: [
                ["grade", grades.suffix(sparkRoom).joined(), grades[0], grades[grades.count - 1], AptitudeGrade.best(of: grades) ?? "—",
                 change(AptitudeGrade.steps(from: grades[0], to: grades[grades.count - 1]))],
                ["percentile", sparkline(percentiles), "\(percentiles[0])", "\(percentiles[percentiles.count - 1])",
                 "\(percentiles.max() ?? 0)", change(percentiles[percentiles.count - 1] - percentiles[0])],
            ] + rows(trend.games, true), droppable: [4, 2])
        } else if !trend.games.isEmpty {
            lines += [""] + table(header: ["Games (% of max)", "", "first", "last", "best", "change"], rows: rows(trend.games, true),
                                  droppable: [4, 2])
        }
        let improved = trend.improved.prefix(3).map { "\(PrintableText.line($0.name)) \(coloured(change($0.change)))" }
        let fell = trend.fell.prefix(3).map { "\(PrintableText.line($0.name)) \(coloured(change($0.change)))" }
        lines += [""] + wrapped("Improved most: " + (improved.isEmpty ? "—" : improved.joined(separator: ", ")))
        lines += wrapped("Fell: " + (fell.isEmpty ? "—" : fell.joined(separator: ", ")))
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many of the newest points a sparkline shows.
    var sparkRoom: Int { max(6, (columns ?? 120) / 4) }

    /// One bar a value on a fixed 0–100 scale; the newest that fit when there are many.
    func sparkline(_ values: [Int]) -> String {
        String(values.suffix(sparkRoom).map { Self.sparks[min(7, max(0, $0) * 8 / 101)] })
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
        let parts = (title.headline + " · " + title.kindText).components(separatedBy: " · ")
            + [title.dateText, "term \(title.interview.termNo)"]
        let lines = TextLayout.joinWrapping(parts.map { (plain: PrintableText.line($0), shown: PrintableText.line($0)) },
                                            separator: " · ", columns: columns.map { $0 - 5 })
        return lines.enumerated().map { ($0.offset == 0 ? "  \(label)  " : "     ") + $0.element }
    }

    private func printable(_ words: [String]) -> String {
        words.map { PrintableText.line($0) }.joined(separator: ", ")
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
