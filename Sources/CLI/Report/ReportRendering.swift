import Domain
import Presentation
import Terminal

/// The ways `report fetch` writes a report: text for a person, the `--json` document, Markdown
/// and an HTML page. One place for all, so the fetch flow and the fuzz harness
/// (`Sources/ReportFuzzing`) run the same code.
package enum ReportRendering {
    /// The report as text. `columns` is the terminal's width (nil: a pipe, no wrapping); `color`
    /// whether the text may carry colour escapes.
    package static func text(_ report: ReportViewData, columns: Int?, color: Bool) -> String {
        text(report, view: TerminalReportView(style: TextStyle(enabled: color), columns: columns))
    }

    /// A report still being analysed shows its title alone; in the view's language.
    static func text(_ report: ReportViewData, view: TerminalReportView) -> String {
        view.render(title: report.title(view.words), sections: report.sections(view.words))
    }

    /// The `--json` document, indented when `pretty`, with a final newline (`ReportDocument`,
    /// written from the entities).
    package static func json(_ report: TermReport, pretty: Bool) -> String {
        String(decoding: ReportDocument(report).bytes(pretty: pretty), as: UTF8.self)
    }

    /// The report as Markdown (in the language of `words`), with the hints of `--explain` after it; `exportedAt` (seconds
    /// since 1970, the run's clock) is when its first lines say it was exported.
    package static func markdown(_ report: ReportViewData, hints: [HintViewData] = [], exportedAt: Int64,
                                 words: Words = .english) -> String {
        MarkdownReportView(exported: ExportTime(secondsSince1970: exportedAt), words: words)
            .render(title: report.title(words), sections: report.sections(words), hints: hints)
    }

    /// The report as a whole HTML page, or (`page: false`) as the `<article>` a batch's page holds.
    package static func html(_ report: ReportViewData, hints: [HintViewData] = [], page: Bool = true, exportedAt: Int64,
                             words: Words = .english) -> String {
        let view = HTMLReportView(exported: ExportTime(secondsSince1970: exportedAt), words: words)
        let (title, sections) = (report.title(words), report.sections(words))
        return page ? view.document(title: title, sections: sections, hints: hints)
            : view.article(title: title, sections: sections, hints: hints)
    }
}
