import Terminal
import Domain
import Presentation

/// Lays the report's sections out as one self-contained HTML page — inline CSS and SVG, no
/// scripts, nothing fetched — to open in a browser, share, or print to PDF. It arranges the same
/// view data as the terminal view; every string is escaped (`MarkupText`).
///
/// A page is `prologue`, one `article` a report, and `epilogue`, so that a batch can write its
/// reports into one page as they come.
struct HTMLReportView: SectionDrawing, Sendable {
    /// When the page was exported, which its header says.
    let exported: ExportTime
    /// The language of the page's own words (`<html lang>`, headings, what the page is).
    var words: Words = .english

    /// One report's whole page.
    func document(title: TitleViewData, sections: [SectionViewData], hints: [HintViewData] = []) -> String {
        Self.prologue(pageTitle: words(.pageTitleSuffix, ["headline": title.headline]), language: words.language)
            + article(title: title, sections: sections, hints: hints) + Self.epilogue
    }

    /// Everything before the first report: the doctype, the head with the style sheet, `<body>`.
    static func prologue(pageTitle: String, language: Language = .english) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="report">
        <title>\(MarkupText.escape(pageTitle))</title>
        <style>
        \(HTMLStyleSheet.css)
        </style>
        </head>
        <body>

        """
    }

    /// The page title of a batch's page, which holds several reports.
    static func batchPageTitle(_ words: Words) -> String { words[.pageBatchTitle] }

    static let epilogue = "</body>\n</html>\n"

    /// One report: its title, then each section in order.
    func article(title: TitleViewData, sections: [SectionViewData], hints: [HintViewData] = []) -> String {
        var out = ["<article class=\"report\">"]
        // The title always leads, even when --section leaves it out (as on the terminal).
        if !sections.contains(where: { $0.section == .title }) { out += draw(title) }
        for section in sections { out += draw(section) }
        if !hints.isEmpty { out += render(hints) }
        out.append("</article>")
        return out.joined(separator: "\n") + "\n"
    }

    func drawUnavailable(heading text: String) -> [String] {
        ["<section>", heading(text), "<p class=\"na\">\(e(words[.notAvailable]))</p>", "</section>"]
    }

    /// What the page is and when it was exported, in plain words; the term number as a labelled
    /// reference; the analysis's state only when it is not done.
    func draw(_ title: TitleViewData) -> [String] {
        let interview = title.interview
        let about = PageWords.aboutAndExported(PageWords.reportAbout(interview, words: words),
                                               PageWords.exported(exported, zoneOf: interview.registeredAt, words: words), words: words)
        var out = ["<header>", "<h1>\(e(title.headline))</h1>", "<p class=\"about\">\(e(about))</p>"]
        if let analysis = PageWords.analysis(interview.analysisStatus, words: words) {
            let status = interview.analysisStatus == .pending ? "status-pending" : "status-failed"
            out.append("<p class=\"\(status)\">\(e(analysis))</p>")
        }
        return out + ["<p class=\"meta\">\(e(PageWords.reference(interview.termNo, words: words)))</p>", "</header>"]
    }

    func draw(_ tips: TipsViewData) -> [String] {
        var out = ["<section>", heading(ReportSection.tips.heading(words)), paragraph(tips.summary)]
        if !tips.items.isEmpty {
            out.append("<ul class=\"tips\">")
            for item in tips.items {
                out.append("<li><span class=\"tag\">\(e(item.categoryLabel))</span><strong>\(e(item.title))</strong>"
                           + paragraph(item.body) + "</li>")
            }
            out.append("</ul>")
        }
        return out + ["</section>"]
    }

    func draw(_ character: CharacterViewData) -> [String] {
        var out = ["<section>", heading(ReportSection.character.heading(words), sub: character.type), paragraph(character.description)]
        if !character.traits.isEmpty {
            out.append("<ul class=\"scores\">")
            for trait in character.traits {
                let level = switch trait.level {
                case .high: "level level-high"
                case .mid: "level level-medium"
                case .low: "level level-low"
                case .other: "level"
                }
                out.append(score(name: trait.name, fraction: trait.fraction, value: trait.scoreText,
                                 label: "\(trait.name): \(trait.scoreText), \(trait.levelText)",
                                 last: "<span class=\"\(level)\">\(e(trait.levelText))</span>", comment: trait.comment))
            }
            out.append("</ul>")
        }
        return out + ["</section>"]
    }

    func draw(_ aptitude: AptitudeViewData) -> [String] {
        var out = ["<section>", heading(ReportSection.aptitude.heading(words)), "<div class=\"aptitude-summary\">",
                   HTMLGraphics.gauge(percentile: aptitude.percentile, caption: PageWords.gauge(aptitude.percentile, words: words).caption,
                                      value: PageWords.gauge(aptitude.percentile).value,
                                      label: PageWords.top(aptitude.percentile, words: words) + ", "
                                          + PageWords.aheadOf(aptitude.percentile, words: words)),
                   "<div><p class=\"grade\">\(e(aptitude.gradeText))</p><p class=\"muted\">\(e(PageWords.aheadOf(aptitude.percentile, words: words)))</p></div>",
                   "</div>"]
        if !aptitude.games.isEmpty {
            out.append("<ul class=\"scores\">")
            for game in aptitude.games {
                out.append(score(name: game.name, fraction: game.fraction, value: game.scoreText,
                                 label: "\(game.name): \(game.scoreText), \(game.percentileText)",
                                 last: "<span class=\"value\">\(e(game.percentileText))</span>", comment: game.comment))
            }
            out.append("</ul>")
        }
        return out + ["</section>"]
    }

    func draw(_ keywords: KeywordsViewData) -> [String] {
        let body = keywords.keywords.isEmpty
            ? "<p class=\"na\">\(e(words[.noKeywords]))</p>"
            : "<ul class=\"chips\">" + keywords.keywords.map { "<li>\(e($0))</li>" }.joined() + "</ul>"
        return ["<section>", heading(ReportSection.keywords.heading(words)), body, "</section>"]
    }

    func draw(_ video: VideoViewData) -> [String] {
        var out = ["<section>", heading(ReportSection.video.heading(words))]
        if video.questions.isEmpty { out.append("<p class=\"na\">\(e(words[.noAnswers]))</p>") }
        if !video.questions.isEmpty {
            out.append("<ol class=\"questions\">")
            for question in video.questions {
                let measures = [words(.answerDuration, ["duration": question.durationText]), question.speechRateText,
                                words(.gazeStability, ["score": "\(question.gazeStability)"]),
                                words(.voiceStability, ["score": "\(question.voiceStability)"])]
                out.append("<li><h3>\(e(words(.questionNumber, ["number": "\(question.number)"]))) \(e(question.question))</h3>"
                           + "<p class=\"measures\">\(e(measures.joined(separator: " · ")))</p>" + paragraph(question.feedback) + "</li>")
            }
            out.append("</ol>")
        }
        return out + ["</section>"]
    }

    private func render(_ hints: [HintViewData]) -> [String] {
        var out = ["<section class=\"hints\">", heading(words[.howToRead])]
        for hint in hints {
            let heading = words.language == .english ? "\(hint.heading): \(hint.title)" : hint.title
            out.append("<h3>\(e(heading))</h3>" + paragraph(hint.body))
        }
        return out + ["</section>"]
    }

    /// A trait or a game: name, bar, value and a last column, then the comment under them.
    private func score(name: String, fraction: Double, value: String, label: String, last: String, comment: String) -> String {
        "<li><span class=\"name\">\(e(name))</span>" + HTMLGraphics.bar(fraction, label: label)
            + "<span class=\"value\">\(e(value))</span>" + last
            + (comment.isEmpty ? "" : "<p class=\"comment text\">\(e(comment))</p>") + "</li>"
    }

    private func heading(_ text: String, sub: String? = nil) -> String {
        "<h2>\(e(text))" + (sub.map { " — <span class=\"sub\">\(e($0))</span>" } ?? "") + "</h2>"
    }

    /// The service's text, its line breaks kept (`white-space: pre-line`).
    private func paragraph(_ text: String) -> String {
        text.isEmpty ? "" : "<p class=\"text\">\(e(text))</p>"
    }

    private func e(_ text: String) -> String { MarkupText.escape(text) }
}
