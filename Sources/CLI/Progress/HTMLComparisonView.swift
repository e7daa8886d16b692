import Domain
import Presentation
import Terminal

/// `report compare --format html`: the comparison as one self-contained page (the report page's
/// head, style sheet and palette), the same tables as the terminal, changes coloured by sign;
/// its own words in the run's language (`<html lang>` too).
struct HTMLComparisonView: Sendable {
    /// When the page was exported, which its header says.
    let exported: ExportTime
    /// The language of the page's own words.
    var words: Words = .english

    func document(_ data: ComparisonViewData) -> String {
        let progress = ProgressWords(words)
        let comparison = data.comparison
        let heading = PageWords.compareHeading(comparison.before.termNo, comparison.after.termNo, words: words)
        var out = ["<article class=\"report\">", "<header>", "<h1>\(e(heading))</h1>",
                   "<p class=\"about\">\(e(MarkdownComparisonView.about(comparison, exported: exported, words: words)))</p>"]
        if let kind = data.latestKind { out.append("<p class=\"meta\">\(e(progress.latest(kind)))</p>") }
        out += [("A", data.before), ("B", data.after)].map { side, title in
            "<p class=\"meta\"><strong>\(side)</strong> \(e(MarkdownComparisonView.titleLine(title, words: words)))</p>"
        }
        out.append("</header>")
        for table in ComparisonTables(comparison, words: progress).tables {
            out += ["<section>", "<h2>\(e(table.header[0]))</h2>", "<table class=\"trend\">",
                    "<thead><tr>" + ([""] + table.header.dropFirst()).enumerated().map { index, cell in
                        "<th\(index == 0 ? "" : " class=\"num\"")>\(e(cell))</th>" }.joined() + "</tr></thead>", "<tbody>"]
            out += table.rows.map { row in
                "<tr>" + row.enumerated().map { index, cell in
                    index == 0 ? "<td>\(e(cell))</td>"
                        : "<td class=\"num\">\(index == row.count - 1 ? changeCell(cell) : e(cell))</td>"
                }.joined() + "</tr>"
            }
            out += ["</tbody>", "</table>"]
            if !table.notes.isEmpty { out += ["<ul class=\"questions\">"] + table.notes.map { "<li class=\"measures\">\(e($0))</li>" } + ["</ul>"] }
            out.append("</section>")
        }
        if !comparison.keywordsGained.isEmpty || !comparison.keywordsLost.isEmpty {
            out += ["<section>", "<h2>\(e(progress.keywords))</h2>"]
            for (label, words) in [(progress.gained, comparison.keywordsGained), (progress.lost, comparison.keywordsLost)] where !words.isEmpty {
                out += ["<p>\(e(label))</p>", "<ul class=\"chips\">" + words.map { "<li>\(e($0))</li>" }.joined() + "</ul>"]
            }
            out.append("</section>")
        } else if comparison.before.keywords != nil && comparison.after.keywords != nil {
            out += ["<section>", "<h2>\(e(progress.keywords))</h2>", "<p class=\"muted\">\(e(progress.same))</p>", "</section>"]
        }
        for (side, sections) in [("A", comparison.sectionsOnlyBefore), ("B", comparison.sectionsOnlyAfter)] where !sections.isEmpty {
            out.append("<p class=\"muted\">\(e(progress.onlyIn(side) + progress.sections(sections)))</p>")
        }
        out.append("</article>")
        return HTMLReportView.prologue(pageTitle: heading, language: words.language) + out.joined(separator: "\n") + "\n" + HTMLReportView.epilogue
    }

    /// A change, coloured by its sign as the trend page's (`▲` up, `▼` down; `+32` plain).
    private func changeCell(_ text: String) -> String {
        if text.hasPrefix("▲") { return "<span class=\"up\">\(e(text))</span>" }
        if text.hasPrefix("▼") { return "<span class=\"down\">\(e(text))</span>" }
        return e(text)
    }

    private func e(_ text: String) -> String { MarkupText.escape(text) }
}
