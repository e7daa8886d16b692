import Domain
import Presentation

/// Lays the report's sections out as Markdown, to paste into a note or an issue: a heading per
/// section, tables with the terminal's Unicode bars for scores, keywords as code spans. It
/// arranges the same view data as the terminal view; everything from the service is escaped.
struct MarkdownReportView: SectionDrawing, Sendable {
    /// When the document was exported, which its first lines say.
    let exported: ExportTime

    func render(title: TitleViewData, sections: [SectionViewData], hints: [HintViewData] = []) -> String {
        var blocks: [[String]] = []
        // The title always leads, even when --section leaves it out (as on the terminal).
        if !sections.contains(where: { $0.section == .title }) { blocks.append(draw(title)) }
        blocks += sections.map(draw)
        if !hints.isEmpty { blocks.append(render(hints)) }
        return blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// Between two reports of a batch: a thematic break (after a blank line, so that it is not
    /// read as a heading's underline).
    static let separator = "\n---\n\n"

    func drawUnavailable(heading: String) -> [String] {
        ["## " + heading, "", "_not available_"]
    }

    /// What the document is and when it was exported, in plain words; the term number as a
    /// labelled reference; the analysis's state only when it is not done.
    func draw(_ title: TitleViewData) -> [String] {
        let interview = title.interview
        let about = PageWords.reportAbout(interview) + ", " + PageWords.exported(exported, zoneOf: interview.registeredAt)
        var out = ["# " + MarkdownText.inline(title.headline), "", MarkdownText.inline(about) + "\\",
                   "_" + MarkdownText.inline(PageWords.reference(interview.termNo)) + "_"]
        if let analysis = PageWords.analysis(interview.analysisStatus) { out += ["", "**" + MarkdownText.inline(analysis) + "**"] }
        return out
    }

    func draw(_ tips: TipsViewData) -> [String] {
        var out = ["## " + ReportSection.tips.heading, ""]
        out += MarkdownText.paragraphs(tips.summary)
        if !tips.items.isEmpty { out.append("") }
        for item in tips.items {
            let body = MarkdownText.paragraphs(item.body, indent: "  ")
            out.append("- **" + MarkdownText.inline(item.title) + "** (" + MarkdownText.inline(item.categoryLabel) + ")"
                       + (body.isEmpty ? "" : "\\"))
            out += body
        }
        return out
    }

    func draw(_ character: CharacterViewData) -> [String] {
        var out = ["## " + ReportSection.character.heading + " — " + MarkdownText.inline(character.type), ""]
        out += MarkdownText.paragraphs(character.description)
        guard !character.traits.isEmpty else { return out }
        out.append("")
        out += MarkdownText.table(header: ["Trait", "Score", "Level", "Comment"], rows: character.traits.map { trait in
            [MarkdownText.cell(trait.name), ScoreBar.text(trait.fraction) + " " + trait.scoreText,
             MarkdownText.cell(trait.levelText), MarkdownText.cell(trait.comment)]
        })
        return out
    }

    func draw(_ aptitude: AptitudeViewData) -> [String] {
        var out = ["## " + ReportSection.aptitude.heading + " — " + MarkdownText.inline(aptitude.gradeText)
                   + ", " + PageWords.top(aptitude.percentile) + " (" + PageWords.aheadOf(aptitude.percentile) + ")"]
        guard !aptitude.games.isEmpty else { return out }
        out.append("")
        out += MarkdownText.table(header: ["Game", "Score", PageWords.standing, "Comment"], rows: aptitude.games.map { game in
            [MarkdownText.cell(game.name), ScoreBar.text(game.fraction) + " " + game.scoreText, game.percentileText,
             MarkdownText.cell(game.comment)]
        })
        return out
    }

    func draw(_ keywords: KeywordsViewData) -> [String] {
        let chips = keywords.keywords.map(MarkdownText.code).joined(separator: " ")
        return ["## " + ReportSection.keywords.heading, "", keywords.keywords.isEmpty ? "_(none)_" : chips]
    }

    func draw(_ video: VideoViewData) -> [String] {
        var out = ["## " + ReportSection.video.heading]
        if video.questions.isEmpty { out += ["", "_(no answers)_"] }
        for question in video.questions {
            let measures = ["answer \(question.durationText)", question.speechRateText,
                            "gaze \(question.gazeStability)/100", "voice \(question.voiceStability)/100"]
            out += ["", "### Q\(question.number). " + MarkdownText.line(question.question),
                    "", "_" + measures.joined(separator: " · ") + "_"]
            let feedback = MarkdownText.paragraphs(question.feedback)
            if !feedback.isEmpty { out += [""] + feedback }
        }
        return out
    }

    private func render(_ hints: [HintViewData]) -> [String] {
        var out = ["## How to read this report"]
        for hint in hints {
            out += ["", "### " + MarkdownText.inline(hint.heading) + ": " + MarkdownText.line(hint.title)]
            let body = MarkdownText.paragraphs(hint.body)
            if !body.isEmpty { out += [""] + body }
        }
        return out
    }
}
