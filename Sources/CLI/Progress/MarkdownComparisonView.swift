import Domain
import Presentation
import Terminal

/// `report compare --format markdown`: the comparison to paste into a note or an issue — the
/// same tables as the terminal (`ComparisonTables`), headings, keywords as the service wrote
/// them; its own words in the run's language.
struct MarkdownComparisonView: Sendable {
    /// When the document was exported, which its first lines say.
    let exported: ExportTime
    /// The language of the document's own words.
    var words: Words = .english

    func document(_ data: ComparisonViewData) -> String {
        let progress = ProgressWords(words)
        let comparison = data.comparison
        var out = ["# " + PageWords.compareHeading(comparison.before.termNo, comparison.after.termNo, words: words), "",
                   MarkdownText.inline(Self.about(comparison, exported: exported, words: words)), ""]
        if let kind = data.latestKind { out += ["_" + MarkdownText.inline(progress.latest(kind)) + "_", ""] }
        out += [("A", data.before), ("B", data.after)].map { side, title in
            "- **\(side)** " + MarkdownText.inline(Self.titleLine(title, words: words))
        }
        for table in ComparisonTables(comparison, words: progress).tables {
            out += ["", "## " + table.header[0], ""]
            out += MarkdownText.table(header: [""] + table.header.dropFirst(),
                                      rows: table.rows.map { [MarkdownText.cell($0[0])] + $0.dropFirst() })
            if !table.notes.isEmpty { out += [""] + table.notes.map { "- " + MarkdownText.inline($0) } }
        }
        out += keywords(comparison)
        for (side, sections) in [("A", comparison.sectionsOnlyBefore), ("B", comparison.sectionsOnlyAfter)] where !sections.isEmpty {
            out += ["", "_" + MarkdownText.inline(progress.onlyIn(side) + progress.sections(sections)) + "_"]
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func keywords(_ comparison: ReportComparison) -> [String] {
        let progress = ProgressWords(words)
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
    static func titleLine(_ title: TitleViewData, words: Words) -> String {
        PageWords.interviewLine(title, words: words)
    }

    /// What the page is and when it was exported (in the time zone of the later interview).
    static func about(_ comparison: ReportComparison, exported: ExportTime, words: Words) -> String {
        let later = comparison.beforeIsNewer ? comparison.before.interview : comparison.after.interview
        return PageWords.aboutAndExported(PageWords.compareAbout(words: words),
                                          PageWords.exported(exported, zoneOf: later.registeredAt, words: words), words: words)
    }
}
