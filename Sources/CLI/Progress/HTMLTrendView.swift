import Terminal
import Domain
import Presentation

/// `report trend --format html`: the trend as one self-contained page (the report page's head,
/// style sheet and palette), laid out from the same `TrendViewData` as the terminal view — each
/// trait's and game's series as an SVG sparkline on the same fixed 0–100 scale with its first,
/// last and best score and change (on the trend's one time axis, the line drawn on across an
/// interview without a value), the grade and percentile ("top N%") over time, each a line, the video's gaze and voice, what rose
/// and what fell of all of them, and the interviews it covers. Words as the terminal view's, in
/// the run's language (`<html lang>`, every heading, header and note).
struct HTMLTrendView: Sendable {
    /// When the page was exported, which its header says.
    let exported: ExportTime
    /// The language of the page's own words.
    var words: Words = .english

    func document(_ data: TrendViewData) -> String {
        let trend = data.trend
        let heading = progress.trendHeading(trend.reports.count)
        let interviews = trend.reports.map(\.interview)
        let about = PageWords.aboutAndExported(PageWords.trendAbout(interviews, words: words),
                                               PageWords.exported(exported, zoneOf: interviews.last?.registeredAt, words: words), words: words)
        var out = ["<article class=\"report\">", "<header>", "<h1>\(e(heading))</h1>",
                   "<p class=\"about\">\(e(about))</p>", "</header>"]
        if !trend.traits.isEmpty {
            out += ["<section>", "<h2>\(e(progress.character))</h2>"] + table(label: words[.pageTrait], rows: trend.traits.map { row($0, percent: false) }) + ["</section>"]
        }
        if trend.aptitude.count > 1 || !trend.games.isEmpty {
            var rows: [String] = []
            if trend.aptitude.count > 1 {
                let grades = trend.aptitude.map(\.grade), percentiles = trend.aptitude.map(\.percentile)
                let best = trend.aptitude.max { $0.percentile < $1.percentile } ?? trend.aptitude[0]
                rows.append(cells(name: progress.grade,
                                  graphic: HTMLGraphics.sparkline(trend.aptitudeSlots.map { $0.flatMap { Self.gradeHeight($0.grade) } },
                                                                  label: progress.grade + ": " + grades.joined(separator: ", ")),
                                  first: grades[0], last: grades[grades.count - 1], best: AptitudeGrade.best(of: grades) ?? "—",
                                  change: AptitudeGrade.steps(from: grades[0], to: grades[grades.count - 1])))
                rows.append(cells(name: progress.percentile,
                                  graphic: HTMLGraphics.sparkline(trend.aptitudeSlots.map { $0?.percentile },
                                                                  label: progress.percentile + ": " + percentiles.map(top).joined(separator: ", ")),
                                  first: top(percentiles[0]), last: top(percentiles[percentiles.count - 1]),
                                  best: progress.bestValue(top(best.percentile), best.termNo), change: percentiles[percentiles.count - 1] - percentiles[0]))
            }
            rows += trend.games.map { row($0, percent: true) }
            let heading = trend.aptitude.count > 1 ? progress.aptitude : progress.gamesOfMax
            out += ["<section>", "<h2>\(e(heading))</h2>"] + table(label: trend.aptitude.count > 1 ? "" : words[.pageGame], rows: rows)
                + ["</section>"]
        }
        if !trend.video.isEmpty {
            let video = ComparisonTables.trendVideo(trend, words: progress)
            out += ["<section>", "<h2>\(e(progress.video))</h2>"] + table(label: "", rows: video.series.map { row($0, percent: false) })
            if !video.notes.isEmpty { out += ["<ul class=\"questions\">"] + video.notes.map { "<li class=\"measures\">\(e($0))</li>" } + ["</ul>"] }
            out.append("</section>")
        }
        let labels = ComparisonTables.questionLabels(trend)
        let improved = movers(trend.rose, labels: labels), fell = movers(trend.fellAll, labels: labels)
        out += ["<section>", "<h2>\(e(words[.pageTrendMovers]))</h2>",
                "<p>\(e(progress.improved))" + improved + "</p>",
                "<p>\(e(progress.fell))" + fell + "</p>", "</section>"]
        out += ["<section>", "<h2>\(e(words[.pageInterviews]))</h2>", "<ol class=\"interviews\">"]
        out += data.titles.map { title in
            // The reference to quote kept on one line (`면접 번호 1031`, never `면접` / `번호 1031`).
            let reference = PageWords.reference(title.interview.termNo, words: words)
            let phrase = PageWords.interviewPhrase(title.interview, words: words) + " · "
            return "<li><strong>\(e(title.headline))</strong> <span class=\"muted\">\(e(phrase))"
                + "<span class=\"ref\">\(e(words.language == .english ? reference.lowercased() : reference))</span></span></li>"
        }
        out += ["</ol>", "</section>", "</article>"]
        return HTMLReportView.prologue(pageTitle: heading, language: words.language) + out.joined(separator: "\n") + "\n" + HTMLReportView.epilogue
    }

    /// A grade on the sparklines' 0–100 scale, A at the top and E at the bottom, so that the
    /// grades over time are one line on one row as every series is; nil for a grade this client
    /// does not know.
    static func gradeHeight(_ grade: String) -> Int? {
        guard let rank = AptitudeGrade.order.firstIndex(of: grade.uppercased()) else { return nil }
        return 100 - rank * 100 / (AptitudeGrade.order.count - 1)
    }

    private func table(label: String, rows: [String]) -> [String] {
        let overTime: String = words[.pageOverTime], best: String = words[.pageBestTerm]
        let header = "<thead><tr><th>\(e(label))</th><th>\(e(overTime))</th><th class=\"num drop\">\(e(progress.first))</th>"
            + "<th class=\"num\">\(e(progress.last))</th><th class=\"num drop\">\(e(best))</th>"
            + "<th class=\"num\">\(e(progress.change))</th></tr></thead>"
        return ["<table class=\"trend\">", header, "<tbody>"] + rows + ["</tbody>", "</table>"]
    }

    private func row(_ series: ProgressTrend.Series, percent: Bool) -> String {
        let suffix = percent ? "%" : ""
        let values = series.points.map(\.value)
        return cells(name: series.name,
                     graphic: HTMLGraphics.sparkline(series.slots, label: series.name + ": " + values.map { "\($0)\(suffix)" }.joined(separator: ", ")),
                     first: "\(series.first.value)\(suffix)", last: "\(series.last.value)\(suffix)",
                     best: progress.bestValue("\(series.best.value)\(suffix)", series.best.termNo), change: series.change)
    }

    private func cells(name: String, graphic: String, first: String, last: String, best: String, change: Int?) -> String {
        "<tr><td>\(e(name))</td><td>\(graphic)</td><td class=\"num drop\">\(e(first))</td><td class=\"num\">\(e(last))</td>"
            + "<td class=\"num drop\">\(e(best))</td><td class=\"num\">\(changeText(change))</td></tr>"
    }

    /// The three that moved most and how many more did (as the terminal's summary), or `—`.
    private func movers(_ changes: [ProgressTrend.Change], labels: [String: Int]) -> String {
        guard !changes.isEmpty else { return "—" }
        // Each name with its change on one line (`공감 능력 ▲ 25`, never `공감` / `능력 ▲ 25`).
        var items = changes.prefix(3).map { "<span class=\"mover\">\(e(progress.subject($0.subject, labels: labels))) \(changeText($0.change))</span>" }
        if changes.count > 3 { items.append("<span class=\"mover\">" + e(progress.more(changes.count - 3)) + "</span>") }
        return items.joined(separator: ", ")
    }

    private func top(_ percentile: Int) -> String { progress.top(percentile) }

    private var progress: ProgressWords { ProgressWords(words) }

    /// `▲ 14` in green, `▼ 3` in red (the sign says it too), `= 0` and `—` plain.
    private func changeText(_ change: Int?) -> String {
        let text = e(ChangeText.text(change))
        guard let change, change != 0 else { return text }
        return "<span class=\"\(change > 0 ? "up" : "down")\">\(text)</span>"
    }

    private func e(_ text: String) -> String { MarkupText.escape(text) }
}
