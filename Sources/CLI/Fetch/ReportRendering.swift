import Domain
import Presentation
import Terminal

/// The ways `report fetch` writes a report: text for a person, the `--json` document, Markdown
/// and an HTML page. One place for all, so the fetch flow and the fuzz harness
/// (`Sources/ReportFuzzing`) run the same code.
package enum ReportRendering {
    /// The report as text. `columns` is the terminal's width (nil: a pipe, no wrapping); `color`
    /// whether the text may carry colour escapes.
    package static func text(title: TitleViewData, analysis: ReportViewState.Analysis, columns: Int?,
                             color: Bool) -> String {
        text(title: title, analysis: analysis, view: TerminalReportView(style: TextStyle(enabled: color), columns: columns))
    }

    static func text(title: TitleViewData, analysis: ReportViewState.Analysis, view: TerminalReportView) -> String {
        switch analysis {
        case .ready(let sections): view.render(title: title, sections: sections)
        default: view.render(title: title, sections: [])
        }
    }

    /// The `--json` document, indented when `pretty`, with a final newline.
    package static func json(title: TitleViewData, analysis: ReportViewState.Analysis, pretty: Bool) -> String {
        String(decoding: jsonBytes(title: title, analysis: analysis, pretty: pretty), as: UTF8.self)
    }

    /// The same document as its UTF-8 bytes, ready to write: a batch writes one a term, and
    /// going through a `String` copied and re-validated each of them twice.
    static func jsonBytes(title: TitleViewData, analysis: ReportViewState.Analysis, pretty: Bool) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        ReportDocument(title: title, analysis: analysis).write(to: &writer)
        writer.newlineAtEnd()
        return writer.bytes
    }

    /// The report as Markdown, with the hints of `--explain` after it.
    package static func markdown(title: TitleViewData, analysis: ReportViewState.Analysis,
                                 hints: [HintViewData] = []) -> String {
        MarkdownReportView().render(title: title, sections: sections(of: analysis), hints: hints)
    }

    /// The report as a whole HTML page, or (`page: false`) as the `<article>` a batch's page holds.
    package static func html(title: TitleViewData, analysis: ReportViewState.Analysis, hints: [HintViewData] = [],
                             page: Bool = true) -> String {
        let view = HTMLReportView()
        return page ? view.document(title: title, sections: sections(of: analysis), hints: hints)
            : view.article(title: title, sections: sections(of: analysis), hints: hints)
    }

    /// The sections a view lays out: a report still being analysed (or failed) shows its title alone.
    private static func sections(of analysis: ReportViewState.Analysis) -> [SectionViewData] {
        if case .ready(let sections) = analysis { return sections }
        return []
    }
}
