import Domain
import Presentation
import Terminal

/// Lays the report's sections out as text for a person at a terminal. It only arranges what the
/// view model already formatted.
struct TerminalReportView: SectionDrawing, Sendable {
    let style: TextStyle
    /// Wrap width, or nil for one line per paragraph (output to a pipe).
    let columns: Int?
    /// The language of the words this view adds (headings, labels) and asks the view data for.
    var words: Words = .english

    func render(title: TitleViewData, sections: [SectionViewData]) -> String {
        var out: [String] = []
        for section in sections {
            if !out.isEmpty { out.append("") }
            out += draw(section)
        }
        if !sections.contains(where: { $0.section == .title }) {
            // The title always leads, even when --section leaves it out: it says which report this is.
            out = draw(title) + (out.isEmpty ? [] : [""]) + out
        }
        return out.joined(separator: "\n") + "\n"
    }

    func drawUnavailable(heading: String) -> [String] {
        [style.bold(heading), indent(style.dim(words[.notAvailable]))]
    }

    func draw(_ title: TitleViewData) -> [String] {
        let status: String
        switch title.interview.analysisStatus {
        case .done: status = style.green(title.analysisText)
        case .pending: status = style.yellow(title.analysisText)
        case .failed: status = style.red(title.analysisText)
        case .other: status = title.analysisText
        }
        // Both lines break only between their ` · ` parts when the terminal is narrow.
        let headline = Self.parts(of: title.headline).map { (plain: $0, shown: style.bold($0)) }
        let term = words(.termNumber, ["term": title.interview.termNo.description])
        let meta = (Self.parts(of: title.kindText) + [title.dateText, term]).map { (plain: $0, shown: $0) }
            + [(plain: words(.analysisStatus, ["status": title.analysisText]), shown: words(.analysisStatus, ["status": status]))]
        return TextLayout.joinWrapping(headline, separator: Self.separator, columns: columns)
            + TextLayout.joinWrapping(meta, separator: Self.separator, columns: columns)
    }

    private static let separator = " · "

    private static func parts(of text: String) -> [String] {
        text.components(separatedBy: separator)
    }

    /// Below this width a score bar takes a line of its own, under its name and score.
    static let narrowColumns = 50

    private var isNarrow: Bool { (columns ?? .max) < Self.narrowColumns }

    func draw(_ tips: TipsViewData) -> [String] {
        var out = [style.bold(ReportSection.tips.heading(words))]
        out += paragraph(tips.summary, indent: 2)
        for item in tips.items {
            out.append("  • " + style.cyan("[\(item.categoryLabel)]") + " " + style.bold(item.title))
            out += paragraph(item.body, indent: 4)
        }
        return out
    }

    func draw(_ character: CharacterViewData) -> [String] {
        var out = [style.bold(ReportSection.character.heading(words)) + " — " + character.type]
        out += paragraph(character.description, indent: 2)
        let nameWidth = character.traits.map { TextLayout.width(of: $0.name) }.max() ?? 0
        for trait in character.traits {
            let level = levelStyle(trait.level)(trait.levelText)
            if isNarrow {
                out.append("  " + trait.name + "  " + trait.scoreText + " " + level)
                out.append("    " + bar(trait.fraction))
            } else {
                out.append("  " + TextLayout.pad(trait.name, to: nameWidth) + "  " + bar(trait.fraction) + "  "
                           + TextLayout.pad(trait.scoreText, to: 7) + " " + level)
            }
            if !trait.comment.isEmpty { out += paragraph(trait.comment, indent: 4) }
        }
        return out
    }

    func draw(_ aptitude: AptitudeViewData) -> [String] {
        // The heading with the grade and standing; where it does not fit, the shorter standing
        // (`top 26%` without `(ahead of 74%)`), and where that does not fit either, the grade and
        // standing on a line of their own under the heading.
        let heading = ReportSection.aptitude.heading(words)
        let short = SectionFormatter.topText(aptitude.percentile, words: words)
        let fits = { (text: String) in TextLayout.width(of: text) <= (columns ?? .max) }
        var out: [String]
        if fits("\(heading) — \(aptitude.gradeText), \(aptitude.percentileText)") {
            out = [style.bold(heading) + " — \(aptitude.gradeText), \(aptitude.percentileText)"]
        } else if fits("\(heading) — \(aptitude.gradeText), \(short)") {
            out = [style.bold(heading) + " — \(aptitude.gradeText), \(short)"]
        } else {
            out = [style.bold(heading)] + TextLayout.joinWrapping([(aptitude.gradeText, aptitude.gradeText), (short, short)], separator: ", ",
                                                                  columns: columns.map { $0 - 2 }).map { "  " + $0 }
        }
        let nameWidth = aptitude.games.map { TextLayout.width(of: $0.name) }.max() ?? 0
        for game in aptitude.games {
            if isNarrow {
                out.append("  " + game.name + "  " + game.scoreText + " " + game.percentileText)
                out.append("    " + bar(game.fraction))
            } else {
                out.append("  " + TextLayout.pad(game.name, to: nameWidth) + "  " + bar(game.fraction) + "  "
                           + TextLayout.pad(game.scoreText, to: 7) + " " + game.percentileText)
            }
            if !game.comment.isEmpty { out += paragraph(game.comment, indent: 4) }
        }
        return out
    }

    func draw(_ keywords: KeywordsViewData) -> [String] {
        guard !keywords.keywords.isEmpty else {
            return [style.bold(ReportSection.keywords.heading(words))] + paragraph(words[.noKeywords], indent: 2)
        }
        // Broken between keywords, never inside one.
        return [style.bold(ReportSection.keywords.heading(words))]
            + TextLayout.joinWrapping(keywords.keywords.map { ($0, $0) }, separator: SectionFormatter.keywordSeparator,
                                      columns: columns.map { $0 - 2 }).map { "  " + $0 }
    }

    func draw(_ video: VideoViewData) -> [String] {
        var out = [style.bold(ReportSection.video.heading(words))]
        if video.questions.isEmpty { out.append(indent(style.dim(words[.noAnswers]))) }
        for question in video.questions {
            out += hanging(words(.questionNumber, ["number": String(question.number)]), question.question, indent: 2)
                .map(style.bold)
            let measures = [words(.answerDuration, ["duration": question.durationText]), question.speechRateText,
                            words(.gazeStability, ["score": String(question.gazeStability)]),
                            words(.voiceStability, ["score": String(question.voiceStability)])]
            out += TextLayout.joinWrapping(measures.map { (plain: $0, shown: $0) }, separator: Self.separator,
                                           columns: columns.map { $0 - 4 }).map { "    " + $0 }
            out += paragraph(question.feedback, indent: 4)
        }
        return out
    }

    private func paragraph(_ text: String, indent width: Int) -> [String] {
        let prefix = String(repeating: " ", count: width)
        // An empty line stays empty: no trailing spaces.
        return TextLayout.wrap(text, columns: columns.map { $0 - width }).map { $0.isEmpty ? "" : prefix + $0 }
    }

    /// `label text` wrapped with a hanging indent: the lines after the first start under the
    /// text, not under the label (`Q3. 가장 어려웠던 …` / `    과정을 말씀해 주세요.`).
    private func hanging(_ label: String, _ text: String, indent width: Int) -> [String] {
        let labelWidth = TextLayout.width(of: label) + 1
        // Too narrow for the text beside its label: wrapped as one paragraph.
        guard let columns, columns - width - labelWidth >= 10 else { return paragraph(label + " " + text, indent: width) }
        let lines = TextLayout.wrap(text, columns: columns - width - labelWidth)
        let first = String(repeating: " ", count: width) + label + " "
        let rest = String(repeating: " ", count: width + labelWidth)
        return lines.enumerated().map { index, line in
            index == 0 ? (line.isEmpty ? String(first.dropLast()) : first + line) : line.isEmpty ? "" : rest + line
        }
    }

    private func indent(_ line: String) -> String { "  " + line }

    private func bar(_ fraction: Double) -> String {
        ScoreBar.text(fraction)
    }

    /// A level's strength, not its worth (the service: a score is a tendency's strength, not good
    /// or bad): high bold, medium plain, low dim — no colour that reads as good or bad.
    private func levelStyle(_ level: TraitLevel) -> (String) -> String {
        switch level {
        case .high: style.bold
        case .mid: { $0 }
        case .low: style.dim
        case .other: { $0 }
        }
    }
}
