import Domain
import Presentation

/// The two ways `report fetch` writes a report: text for a person, or the `--json` document. One
/// place for both, so the fetch flow and the fuzz harness (`Sources/ReportFuzzing`) run the same code.
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
        var writer = JSONWriter(pretty: pretty)
        ReportDocument(title: title, analysis: analysis).write(to: &writer)
        writer.newlineAtEnd()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
