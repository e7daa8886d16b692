import Domain
import Presentation

/// Lays the report's sections out as Markdown, to paste into a note or an issue: a heading per
/// section, tables with the terminal's Unicode bars for scores, keywords as code spans. It
/// arranges the same view data as the terminal view; everything from the service is escaped.
struct MarkdownReportView: SectionDrawing, Sendable {
    /// When the document was exported, which its first lines say.
    let exported: ExportTime
    /// The language of the document's own words.
    var words: Words = .english

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
        ["## " + heading, "", "_" + words[.notAvailable] + "_"]
    }

    /// What the document is and when it was exported, in plain words; the term number as a
    /// labelled reference; the analysis's state only when it is not done.
    func draw(_ title: TitleViewData) -> [String] {
        let interview = title.interview
        let about = PageWords.aboutAndExported(PageWords.reportAbout(interview, words: words),
                                               PageWords.exported(exported, zoneOf: interview.registeredAt, words: words), words: words)
        var out = ["# " + MarkdownText.inline(title.headline), "", MarkdownText.inline(about) + "\\",
                   "_" + MarkdownText.inline(PageWords.reference(interview.termNo, words: words)) + "_"]
        if let analysis = PageWords.analysis(interview.analysisStatus, words: words) { out += ["", "**" + MarkdownText.inline(analysis) + "**"] }
        return out
    }

    func draw(_ tips: TipsViewData) -> [String] {
        var out = ["## " + ReportSection.tips.heading(words), ""]
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
        var out = ["## " + ReportSection.character.heading(words) + " — " + MarkdownText.inline(character.type), ""]
        out += MarkdownText.paragraphs(character.description)
        guard !character.traits.isEmpty else { return out }
        out.append("")
        out += MarkdownText.table(header: [words[.pageTrait], words[.pageScore], words[.pageLevel], words[.pageComment]], rows: character.traits.map { trait in
            [MarkdownText.cell(trait.name), ScoreBar.text(trait.fraction) + " " + trait.scoreText,
             MarkdownText.cell(trait.levelText), MarkdownText.cell(trait.comment)]
        })
        return out
    }

    func draw(_ aptitude: AptitudeViewData) -> [String] {
        var out = ["## " + ReportSection.aptitude.heading(words) + " — " + MarkdownText.inline(aptitude.gradeText)
                   + ", " + words(.pageShareAndPercentile, ["top": PageWords.top(aptitude.percentile, words: words),
                                                             "ahead": PageWords.aheadOf(aptitude.percentile, words: words)])]
        guard !aptitude.games.isEmpty else { return out }
        out.append("")
        out += MarkdownText.table(header: [words[.pageGame], words[.pageScore], words[.pageStanding], words[.pageComment]], rows: aptitude.games.map { game in
            [MarkdownText.cell(game.name), ScoreBar.text(game.fraction) + " " + game.scoreText, game.percentileText,
             MarkdownText.cell(game.comment)]
        })
        return out
    }

    func draw(_ keywords: KeywordsViewData) -> [String] {
        let chips = keywords.keywords.map(MarkdownText.code).joined(separator: " ")
        return ["## " + ReportSection.keywords.heading(words), "", keywords.keywords.isEmpty ? "_" + words[.noKeywords] + "_" : chips]
    }

    func draw(_ video: VideoViewData) -> [String] {
        var out = ["## " + ReportSection.video.heading(words)]
        if video.questions.isEmpty { out += ["", "_" + words[.noAnswers] + "_"] }
        for question in video.questions {
            let measures = [words(.answerDuration, ["duration": question.durationText]), question.speechRateText,
                            words(.gazeStability, ["score": "\(question.gazeStability)"]),
                            words(.voiceStability, ["score": "\(question.voiceStability)"])]
            out += ["", "### " + words(.questionNumber, ["number": "\(question.number)"]) + " " + MarkdownText.line(question.question),
                    "", "_" + measures.joined(separator: " · ") + "_"]
            let feedback = MarkdownText.paragraphs(question.feedback)
            if !feedback.isEmpty { out += [""] + feedback }
        }
        return out
    }

    private func render(_ hints: [HintViewData]) -> [String] {
        var out = ["## " + words[.howToRead]]
        for hint in hints {
            let heading = words.language == .english ? MarkdownText.inline(hint.heading) + ": " + MarkdownText.line(hint.title)
                : MarkdownText.line(hint.title)
            out += ["", "### " + heading]
            let body = MarkdownText.paragraphs(hint.body)
            if !body.isEmpty { out += [""] + body }
        }
        return out
    }
}
