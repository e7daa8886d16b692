import Domain
import Presentation
import Terminal

/// `report list`: binds the list view model, asks for pages one after another and writes rows
/// as each page arrives (a table, JSON Lines), or — for `--json`, one array — once all are in.
struct ListFlow: Sendable {
    enum Format: Sendable {
        case table
        case json
        case jsonl
    }

    let viewModel: InterviewListViewModel
    let navigator: TerminalNavigator
    let format: Format
    let style: TextStyle
    let standardOutput: StandardStream
    let standardError: StandardStream

    func run(from firstPage: Int, all: Bool) async throws -> ExitStatus {
        let (pageStream, pageTrigger) = AsyncStream.makeStream(of: Int.self)
        defer { pageTrigger.finish() }
        let output = viewModel.transform(input: .init(pageTrigger: pageStream))
        let events = ScreenBinding(values: output.pages.subscribe(), errors: output.error.subscribe(), navigator: navigator)

        var collected: [ReportDocument.InterviewObject] = []
        var printedHeader = false
        pageTrigger.yield(firstPage)
        for await event in events {
            switch event {
            case .value(let page):
                switch format {
                case .json:
                    collected += page.rows.map { ReportDocument.InterviewObject($0.interview) }
                case .jsonl:
                    var lines = ""
                    for row in page.rows {
                        lines += JSONWriter.text(of: ReportDocument.InterviewObject(row.interview), pretty: false) + "\n"
                    }
                    try standardOutput.write(lines)
                case .table:
                    try standardOutput.write(InterviewTable(style: style).render(page.rows, header: !printedHeader))
                    printedHeader = true
                }
                if all && page.info.hasNextPage {
                    pageTrigger.yield(page.info.page + 1)
                    continue
                }
                if format == .json {
                    try standardOutput.write(JSONWriter.text(of: collected, pretty: standardOutput.isTerminal) + "\n")
                }
                if format == .table && standardError.isTerminal {
                    standardError.note(footer(page.info, all: all))
                }
                return .success
            case .failure(let error):
                throw CLIError(error, context: "list")
            case .navigation(.login(let reason)):
                throw CLIError(.unauthorized(reason), context: "list")
            case .navigation(.hint), .navigation(.report):
                continue
            }
        }
        throw CLIError(.cancelled, context: "list")
    }

    private func footer(_ info: InterviewPageViewData.Info, all: Bool) -> String {
        let pages = max(1, (info.total + info.size - 1) / info.size)
        var text = style.dim("page \(info.page) of \(pages), \(info.total) interviews")
        if !all && info.hasNextPage { text += style.dim("; next: report list --page \(info.page + 1)") }
        return text + "\n"
    }
}

/// Rows of the list as fixed columns, measured in display columns (Korean is double width).
struct InterviewTable: Sendable {
    let style: TextStyle

    static let columns = [("TERM", 10), ("DATE", 22), ("COMPANY", 16), ("OCCUPATION", 22), ("TYPE", 23), ("ANALYSIS", 0)]

    func render(_ rows: [InterviewPageViewData.Row], header: Bool) -> String {
        var out = ""
        if header {
            out += style.bold(line(Self.columns.map(\.0))) + "\n"
        }
        for row in rows {
            let interview = row.interview
            out += line([interview.termNo.description, row.dateText, interview.companyName ?? SectionFormatter.unknown,
                         interview.occupationName ?? SectionFormatter.unknown,
                         row.kindText, row.analysisText]) + "\n"
        }
        return out
    }

    private func line(_ cells: [String]) -> String {
        zip(cells, Self.columns).map { cell, column in
            column.1 == 0 ? cell : TextLayout.pad(TextLayout.truncate(cell, to: column.1 - 2), to: column.1)
        }.joined()
    }
}
