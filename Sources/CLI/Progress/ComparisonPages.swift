import Domain
import Presentation
import Terminal

/// `report compare --format markdown`: the comparison to paste into a note or an issue — the
/// same tables as the terminal (`ComparisonTables`), headings, keywords as the service wrote
/// them.
struct MarkdownComparisonView: Sendable {
    /// When the document was exported, which its first lines say.
    let exported: ExportTime

    func document(_ data: ComparisonViewData) -> String {
        let progress = ProgressWords.english
        let comparison = data.comparison
        var out = ["# " + PageWords.compareHeading(comparison.before.termNo, comparison.after.termNo), "",
                   MarkdownText.inline(Self.about(comparison, exported: exported)), ""]
        if let kind = data.latestKind { out += ["_" + MarkdownText.inline(progress.latest(kind)) + "_", ""] }
        out += [("A", data.before), ("B", data.after)].map { side, title in
            "- **\(side)** " + MarkdownText.inline(Self.titleLine(title))
        }
        if comparison.beforeIsNewer { out += ["", "> " + MarkdownText.inline(progress.newerFirst)] }
        for table in ComparisonTables(comparison).tables {
            out += ["", "## " + table.header[0], ""]
            out += MarkdownText.table(header: [""] + table.header.dropFirst(),
                                      rows: table.rows.map { [MarkdownText.cell($0[0])] + $0.dropFirst() })
            if !table.notes.isEmpty { out += [""] + table.notes.map { "- " + MarkdownText.inline($0) } }
        }
        out += keywords(comparison)
        for (side, sections) in [("A", comparison.sectionsOnlyBefore), ("B", comparison.sectionsOnlyAfter)] where !sections.isEmpty {
            out += ["", "_" + progress.onlyIn(side) + sections.map(\.heading).joined(separator: ", ") + "_"]
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func keywords(_ comparison: ReportComparison) -> [String] {
        let progress = ProgressWords.english
        if comparison.keywordsGained.isEmpty && comparison.keywordsLost.isEmpty {
            return comparison.before.keywords != nil && comparison.after.keywords != nil ? ["", "## " + progress.keywords, "", progress.same] : []
        }
        var out = ["", "## " + progress.keywords, ""]
        for (label, words) in [(progress.gained, comparison.keywordsGained), (progress.lost, comparison.keywordsLost)] where !words.isEmpty {
            out.append("- " + label + words.map(MarkdownText.code).joined(separator: " "))
        }
        return out
    }

    /// `카카오뱅크 · iOS 개발 — the personality interview (basic level) taken on 14 Oct 2025 19:30
    /// KST · interview number 1031`: plain words, as on every shared page.
    static func titleLine(_ title: TitleViewData) -> String {
        PageWords.interviewLine(title)
    }

    /// What the page is and when it was exported (in the time zone of the later interview).
    static func about(_ comparison: ReportComparison, exported: ExportTime) -> String {
        let later = comparison.beforeIsNewer ? comparison.before.interview : comparison.after.interview
        return PageWords.compareAbout + ", " + PageWords.exported(exported, zoneOf: later.registeredAt)
    }
}

/// `report compare --format html`: the comparison as one self-contained page (the report page's
/// head, style sheet and palette), the same tables as the terminal, changes coloured by sign.
struct HTMLComparisonView: Sendable {
    /// When the page was exported, which its header says.
    let exported: ExportTime

    func document(_ data: ComparisonViewData) -> String {
        let progress = ProgressWords.english
        let comparison = data.comparison
        let heading = PageWords.compareHeading(comparison.before.termNo, comparison.after.termNo)
        var out = ["<article class=\"report\">", "<header>", "<h1>\(e(heading))</h1>",
                   "<p class=\"about\">\(e(MarkdownComparisonView.about(comparison, exported: exported)))</p>"]
        if let kind = data.latestKind { out.append("<p class=\"meta\">\(e(progress.latest(kind)))</p>") }
        out += [("A", data.before), ("B", data.after)].map { side, title in
            "<p class=\"meta\"><strong>\(side)</strong> \(e(MarkdownComparisonView.titleLine(title)))</p>"
        }
        if comparison.beforeIsNewer { out.append("<p><strong>\(e(progress.newerFirst))</strong></p>") }
        out.append("</header>")
        for table in ComparisonTables(comparison).tables {
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
            out.append("<p class=\"muted\">\(e(progress.onlyIn(side) + sections.map(\.heading).joined(separator: ", ")))</p>")
        }
        out.append("</article>")
        return HTMLReportView.prologue(pageTitle: heading) + out.joined(separator: "\n") + "\n" + HTMLReportView.epilogue
    }

    /// A change, coloured by its sign as the trend page's (`▲` up, `▼` down; `+32` plain).
    private func changeCell(_ text: String) -> String {
        if text.hasPrefix("▲") { return "<span class=\"up\">\(e(text))</span>" }
        if text.hasPrefix("▼") { return "<span class=\"down\">\(e(text))</span>" }
        return e(text)
    }

    private func e(_ text: String) -> String { MarkupText.escape(text) }
}
