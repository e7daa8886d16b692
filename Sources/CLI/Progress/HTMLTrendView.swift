import Terminal
import Domain
import Presentation

/// `report trend --format html`: the trend as one self-contained page (the report page's head,
/// style sheet and palette), laid out from the same `TrendViewData` as the terminal view — each
/// trait's and game's series as an SVG sparkline on the same fixed 0–100 scale with its first,
/// last and best score and change, the grade and percentile over time, what rose and what fell,
/// and the interviews it covers.
struct HTMLTrendView: Sendable {
    func document(_ data: TrendViewData) -> String {
        let trend = data.trend
        let heading = "Trend over \(trend.reports.count) interviews"
        let first = data.titles.first?.dateText ?? "—", last = data.titles.last?.dateText ?? "—"
        var out = ["<article class=\"report\">", "<header>", "<h1>\(e(heading))</h1>",
                   "<p class=\"meta\">\(e(first)) → \(e(last))</p>", "</header>"]
        if !trend.traits.isEmpty {
            out += ["<section>", "<h2>Character</h2>"] + table(label: "Trait", rows: trend.traits.map { row($0, percent: false) }) + ["</section>"]
        }
        if trend.aptitude.count > 1 || !trend.games.isEmpty {
            var rows: [String] = []
            if trend.aptitude.count > 1 {
                let grades = trend.aptitude.map(\.grade), percentiles = trend.aptitude.map(\.percentile)
                rows.append(cells(name: "grade", graphic: "<span class=\"grades\">\(e(grades.joined(separator: " → ")))</span>",
                                  first: grades[0], last: grades[grades.count - 1], best: AptitudeGrade.best(of: grades) ?? "—",
                                  change: AptitudeGrade.steps(from: grades[0], to: grades[grades.count - 1])))
                rows.append(cells(name: "percentile",
                                  graphic: HTMLGraphics.sparkline(percentiles, label: "percentile: " + percentiles.map(String.init).joined(separator: ", ")),
                                  first: "\(percentiles[0])", last: "\(percentiles[percentiles.count - 1])",
                                  best: "\(percentiles.max() ?? 0)", change: percentiles[percentiles.count - 1] - percentiles[0]))
            }
            rows += trend.games.map { row($0, percent: true) }
            let heading = trend.aptitude.count > 1 ? "Aptitude" : "Games (% of max)"
            out += ["<section>", "<h2>\(heading)</h2>"] + table(label: trend.aptitude.count > 1 ? "" : "Game", rows: rows) + ["</section>"]
        }
        let improved = trend.improved.prefix(3).map(mover), fell = trend.fell.prefix(3).map(mover)
        out += ["<section>", "<h2>Improved most and fell</h2>",
                "<p>Improved most: " + (improved.isEmpty ? "—" : improved.joined(separator: ", ")) + "</p>",
                "<p>Fell: " + (fell.isEmpty ? "—" : fell.joined(separator: ", ")) + "</p>", "</section>"]
        out += ["<section>", "<h2>Interviews</h2>", "<ol class=\"interviews\">"]
        out += data.titles.map { title in
            "<li><strong>\(e(title.headline))</strong> <span class=\"muted\">\(e([title.kindText, title.dateText, "term \(title.interview.termNo)"].joined(separator: " · ")))</span></li>"
        }
        out += ["</ol>", "</section>", "</article>"]
        return HTMLReportView.prologue(pageTitle: heading) + out.joined(separator: "\n") + "\n" + HTMLReportView.epilogue
    }

    private func table(label: String, rows: [String]) -> [String] {
        ["<table class=\"trend\">",
         "<thead><tr><th>\(e(label))</th><th>over time</th><th class=\"num drop\">first</th><th class=\"num\">last</th>"
            + "<th class=\"num drop\">best</th><th class=\"num\">change</th></tr></thead>",
         "<tbody>"] + rows + ["</tbody>", "</table>"]
    }

    private func row(_ series: ProgressTrend.Series, percent: Bool) -> String {
        let suffix = percent ? "%" : ""
        let values = series.points.map(\.value)
        return cells(name: series.name,
                     graphic: HTMLGraphics.sparkline(values, label: series.name + ": " + values.map { "\($0)\(suffix)" }.joined(separator: ", ")),
                     first: "\(series.first.value)\(suffix)", last: "\(series.last.value)\(suffix)",
                     best: "\(series.best.value)\(suffix) (\(series.best.termNo))", change: series.change)
    }

    private func cells(name: String, graphic: String, first: String, last: String, best: String, change: Int?) -> String {
        "<tr><td>\(e(name))</td><td>\(graphic)</td><td class=\"num drop\">\(e(first))</td><td class=\"num\">\(e(last))</td>"
            + "<td class=\"num drop\">\(e(best))</td><td class=\"num\">\(changeText(change))</td></tr>"
    }

    private func mover(_ series: ProgressTrend.Series) -> String {
        "\(e(series.name)) \(changeText(series.change))"
    }

    /// `▲ 14` in green, `▼ 3` in red (the sign says it too), `= 0` and `—` plain.
    private func changeText(_ change: Int?) -> String {
        let text = e(ChangeText.text(change))
        guard let change, change != 0 else { return text }
        return "<span class=\"\(change > 0 ? "up" : "down")\">\(text)</span>"
    }

    private func e(_ text: String) -> String { MarkupText.escape(text) }
}
