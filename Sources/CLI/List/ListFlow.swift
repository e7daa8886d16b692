import Domain
import Presentation
import Terminal

/// `report list`: asks the list view model for pages one after another and writes rows as each
/// page arrives (a table, JSON Lines), or — for `--json`, one document — once all are in.
struct ListFlow: Sendable {
    enum Format: Sendable, Equatable {
        case table
        case json
        case jsonl
        /// `--format csv`: one table, written once all pages are in (beginning with a byte-order
        /// mark when it goes to a file).
        case csv(byteOrderMark: Bool)
    }

    let viewModel: InterviewListViewModel
    let format: Format
    let style: TextStyle
    /// The language of the table on a terminal.
    var words: Words = .english
    let standardOutput: StandardStream
    let standardError: StandardStream

    /// What the next-page hint needs to know of the command line.
    struct NextPageHint: Sendable {
        /// The flags given, to repeat (but --page and --page-size).
        let flags: [String]
        let pageSize: Int
        /// Whether --page-size was given (else the command derives the same one again).
        let pageSizeGiven: Bool

        /// The command that lists on from the interview at `index` (0-based, in the unfiltered
        /// list): `--page` and `--page-size` chosen so that its first page starts exactly there.
        func command(from index: Int) -> String {
            let next = position(from: index)
            var words = ["report", "list", "--page", String(next.page)] + flags
            if next.pageSize != pageSize || pageSizeGiven { words += ["--page-size", String(next.pageSize)] }
            return words.joined(separator: " ")
        }

        /// The page and page size whose first interview is the one at `index`.
        func position(from index: Int) -> ListDocument.NextPage {
            var size = pageSize
            if index % size != 0 {
                // The largest page size the service allows that lands on `index`.
                size = (1...min(100, index)).reversed().first { index % $0 == 0 } ?? 1
            }
            return ListDocument.NextPage(page: index / size + 1, pageSize: size)
        }
    }

    /// Lists from `firstPage` on: at most `limit` interviews (nil: every one) that `filter` keeps,
    /// asking for as many pages as that takes; on a terminal, `hint` says how to go on.
    func run(from firstPage: Int, limit: Int?, filter: InterviewFilter, hint: NextPageHint) async throws -> ExitStatus {
        var collected: [ReportDocument.InterviewObject] = []
        var collectedRows: [InterviewTerm] = []
        var table: InterviewTable.Layout?
        var printed = 0
        /// Where the limit cut a page: the index (in the unfiltered list) of the first interview
        /// not shown, where the next command starts.
        var cutIndex: Int?
        var number = firstPage
        while true {
            let page = try await viewModel.page(number, context: "list")
            if page.rows.isEmpty, page.info.page > 1 {
                standardError.note("report: " + words(.listPastLastPage, ["page": "\(page.info.page)", "pages": "\(pages(page.info))",
                                                                         "size": "\(page.info.size)", "total": "\(page.info.total)"]) + "\n")
                if format == .json { try writeDocument([], next: nil, total: page.info.total) }
                if case .csv(let byteOrderMark) = format { try standardOutput.write(bytes: InterviewCSV(interviews: []).csv(words: words, byteOrderMark: byteOrderMark)) }
                return .success
            }
            let matching = page.rows.filter { filter.matches($0.interview) }
            let shown = Array(matching.prefix(limit.map { $0 - printed } ?? .max))
            if shown.count < matching.count, let firstLeft = page.rows.firstIndex(where: { $0 == matching[shown.count] }) {
                cutIndex = (page.info.page - 1) * page.info.size + firstLeft
            }
            printed += shown.count
            switch format {
            case .json:
                collected += shown.map { ReportDocument.InterviewObject($0.interview) }
            case .csv:
                collectedRows += shown.map(\.interview)
            case .jsonl:
                var lines = ""
                for row in shown {
                    lines += JSONWriter.text(of: ReportDocument.InterviewObject(row.interview, schemaVersion: DocumentSchema.version),
                                             pretty: false) + "\n"
                }
                try standardOutput.write(lines)
            case .table:
                let renderer = InterviewTable(style: style, columns: standardOutput.columns, words: words)
                if table == nil, !shown.isEmpty || page.info.hasNextPage == false {
                    let layout = renderer.layout(for: shown)
                    table = layout
                    try standardOutput.write(renderer.header(layout))
                }
                if let table { try standardOutput.write(renderer.render(shown, layout: table)) }
            }
            if cutIndex == nil, limit.map({ printed < $0 }) ?? true, page.info.hasNextPage {
                number = page.info.page + 1
                continue
            }
            let next = cutIndex ?? (page.info.hasNextPage ? page.info.page * page.info.size : nil)
            if format == .json {
                try writeDocument(collected, next: next.map(hint.position(from:)), total: page.info.total)
            }
            if case .csv(let byteOrderMark) = format {
                try standardOutput.write(bytes: InterviewCSV(interviews: collectedRows).csv(words: words, byteOrderMark: byteOrderMark))
            }
            if format == .table && standardError.isTerminal {
                standardError.note(footer(page.info, shown: printed, next: next.map(hint.command(from:))))
            }
            return .success
        }
    }

    private func writeDocument(_ interviews: [ReportDocument.InterviewObject], next: ListDocument.NextPage?, total: Int) throws {
        let document = ListDocument(interviews: interviews, nextPage: next, total: total)
        try standardOutput.write(JSONWriter.text(of: document, pretty: standardOutput.isTerminal) + "\n")
    }

    /// At least one: an empty list is one empty page.
    private func pages(_ info: InterviewPageViewData.Info) -> Int {
        max(1, InterviewPageSequence.pages(total: info.total, size: info.size))
    }

    /// On a terminal, after the table: where this was, and the command for what comes next.
    private func footer(_ info: InterviewPageViewData.Info, shown: Int, next: String?) -> String {
        let values = ["shown": "\(shown)", "page": "\(info.page)", "pages": "\(pages(info))", "total": "\(info.total)"]
        let text = next.map { words(.listFooterNext, values.merging(["command": $0]) { $1 }) } ?? words(.listFooterLast, values)
        return style.dim(text) + "\n"
    }
}

extension InterviewListViewModel {
    /// Page `number`, or what ended the list as a `CLIError` for `context`.
    func page(_ number: Int, context: String) async throws -> InterviewPageViewData {
        let output: Output
        do {
            output = try await transform(input: .init(page: number))
        } catch {
            throw CLIError(ReportError(error), context: context)
        }
        guard let page = output.page else { throw CLIError(ending: output.error, context: context) }
        return page
    }
}
