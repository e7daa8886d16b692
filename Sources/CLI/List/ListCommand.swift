import ArgumentParser
import Domain
import Presentation

/// `report list`: the interviews the member has taken, newest first, whatever their analysis status.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the interviews you have taken, newest first, each with its analysis status.",
        discussion: """
            Shows --limit interviews (default: one page) from --page on, asking for pages of \
            --page-size as needed; --all follows every page (up to --limit when it is given). \
            --status and --kind keep only some. On a terminal the table fits its width and the \
            next page's command follows on stderr; in a pipe each interview is one line of \
            tab-separated fields, untruncated and without a header. --json prints one document \
            (the interviews, where the next page starts, the total; written once all pages are \
            in); --jsonl one interview a line as they arrive; --jq EXPR filters the document (each line \
            with --jsonl) through a jq expression. --format csv writes one table (RFC 4180, a header \
            of the JSON keys, in Korean under --lang ko; dates in KST) once all pages are in.

            EXAMPLES:
              report list
              report list --status done --kind personality --limit 50
              report list --all --jsonl | jq -c 'select(.analysisStatus == "DONE")'
              report list --all --jq '.interviews[] | select(.analysisStatus == "DONE") | .termNo'
              report list --all --format csv -o interviews.csv
            """
    )

    @Option(name: .long, help: ArgumentHelp("At most this many interviews (default: one page; with --all, every one).", valueName: "n"))
    var limit: Int?

    @Option(name: .long, help: ArgumentHelp("Interviews asked for a page (1–100; default 20, or --limit when smaller).", valueName: "n"))
    var pageSize: Int?

    @Option(name: .long, help: "The page to start from (1 is the newest).")
    var page = 1

    @Flag(name: .long, help: "Follow every page from --page on.")
    var all = false

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("Only interviews whose analysis is: done (shown as ready), pending or failed (repeatable).", valueName: "status"))
    var status: [ChoiceArgument<AnalysisStatus>] = []

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("Only interviews of a kind: company, personality or competency (repeatable).", valueName: "kind"))
    var kind: [ChoiceArgument<ItemType>] = []

    @Flag(name: .long, help: "Print one JSON array on stdout.")
    var json = false

    @Flag(name: .long, help: "Print one JSON object a line (JSON Lines).")
    var jsonl = false

    @Option(name: .long, help: ArgumentHelp(
        "How to write the list: text (a table on a terminal, tab-separated in a pipe), json (as --json) or csv (a spreadsheet's table; with -o FILE, Excel reads its Hangul).",
        valueName: "format"))
    var format: ListFormat?

    @OptionGroup var filter: JQOption

    @OptionGroup var outputFile: OutputFileOption
    @OptionGroup var color: ColorOption
    @OptionGroup var pager: PagerOption
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    static let defaultPageSize = 20

    func validate() throws {
        if let limit { guard limit >= 1 else { throw UsageText.error(.usageLimitAtLeastOne) } }
        if let pageSize { guard (1...100).contains(pageSize) else { throw UsageText.error(.usagePageSizeRange) } }
        guard page >= 1 else { throw UsageText.error(.usagePageAtLeastOne) }
        guard !(json && jsonl) else { throw UsageText.error(.usageJSONAndJSONL) }
        if json, let format, format != .json { throw UsageText.error(.usageJSONIsFormat, ["format": format.rawValue]) }
        if jsonl, let format { throw UsageText.error(.usageJSONLWithFormat, ["format": format.rawValue]) }
        if filter.jq != nil, let format, format != .json { throw UsageText.error(.usageJQWithFormat, ["format": format.rawValue]) }
    }

    /// The page size: as given; else --limit when it fits one page (so that pages and the
    /// next-page hint line up with it); else the default.
    var effectivePageSize: Int {
        pageSize ?? limit.map { min($0, 100) } ?? Self.defaultPageSize
    }

    /// How many interviews to show: --limit, else one page, else (--all) every one.
    var effectiveLimit: Int? {
        limit ?? (all ? nil : effectivePageSize)
    }

    /// The flags to repeat in the next-page hint, as they were given (but --page and --page-size,
    /// which the hint chooses).
    var repeatedFlags: [String] {
        var flags: [String] = []
        if let limit { flags += ["--limit", String(limit)] }
        if all { flags.append("--all") }
        flags += status.flatMap { ["--status", $0.text] }
        flags += kind.flatMap { ["--kind", $0.text] }
        if let profile = connection.profile { flags += ["--profile", profile] }
        if let baseURL = connection.baseURL { flags += ["--base-url", baseURL] }
        return flags
    }

    func run() async throws {
        // --jq implies --json, unless --jsonl: then it filters each line.
        let format: ListFlow.Format = switch self.format {
        case .csv: .csv(byteOrderMark: outputFile.file != nil)
        case .json: .json
        case .text: .table
        case nil: jsonl ? .jsonl : json || self.filter.jq != nil ? .json : .table
        }
        let filter = InterviewFilter(statuses: Set(status.map(\.value)), kinds: Set(kind.map(\.value)))
        try await AppContainer.run(connection: connection, json: json || jsonl || self.format == .json, jq: self.filter.jq, outputFile: outputFile.file,
                                   color: color.color, paging: format == .table && !pager.noPager) { container in
            try await container.makeListFlow(pageSize: effectivePageSize, format: format)
                .run(from: page, limit: effectiveLimit, filter: filter,
                     hint: .init(flags: repeatedFlags, pageSize: effectivePageSize, pageSizeGiven: pageSize != nil))
        }
    }
}

/// `report list --format`.
enum ListFormat: String, CaseInsensitiveChoice, Sendable {
    case text, json, csv

    init?(argument: String) { self.init(anyCase: argument) }
}
