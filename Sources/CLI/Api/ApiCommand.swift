import ArgumentParser

/// `report api PATH`: an authenticated request to any path of the service, like `gh api`.
struct ApiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Send an authenticated request to a path of the service and print the response body.",
        discussion: """
            PATH is a path on the base URL (/v1/me, or v1/interviews?page=2); a URL of another \
            origin is refused, so the credentials never go elsewhere. A segment a server could read \
            as . or .., raw, percent-encoded (%2e%2e, ..%2f, %252e) or with a ;parameter (..;/), is \
            refused (exit 64) rather than normalised, and nothing is sent. The request is signed in like \
            every other command (the access token is refreshed, and after a 401 renewed once), \
            GET, HEAD, PUT and DELETE are retried like every other request, and --verbose logs it \
            with secrets redacted. A 2xx response's body is printed: in a pipe or with -o exactly \
            as received; on a terminal every body printable (control characters shown, never \
            obeyed), a JSON body indented and coloured, through the pager, ending with a newline. \
            Any other status prints nothing on stdout, one line on stderr, and exits with the code of the exit-code table (404: 66, 401: 4, 5xx: 3, …).

            --paginate follows a list endpoint's pages (the contract's {"items", "page", "size", \
            "total"}): from the page PATH asks for (page=N, else the first), each next one the \
            first page's total and size say there is, until one brings no items; each page is \
            printed as it arrives, a document each, or with --slurp as one JSON array once all are \
            in. A response that is not such a page is the only one. --jq EXPR filters each page \
            (with --slurp, the array) through a jq expression.

            EXAMPLES:
              report api /v1/me
              report api -i '/v1/interviews?status=completed&page=2'
              report api -X POST /v1/some/path --input body.json
              report api /v1/interviews --paginate --jq '.items[].termNo'
              report api '/v1/interviews?size=100' --paginate --slurp --jq 'map(.items[]) | length'
            """
    )

    @Argument(help: ArgumentHelp("A path on the service's base URL, e.g. /v1/me.", valueName: "path"))
    var path: String

    @Option(name: [.customShort("X"), .long], help: ArgumentHelp(
        "The HTTP method: GET, HEAD, POST, PUT, PATCH or DELETE (default: GET, or POST with --input).",
        valueName: "method"))
    var method: String?

    @Option(name: [.customShort("H"), .long], help: ArgumentHelp(
        "A request header, \"Name: value\"; repeatable. It replaces report's own header of that name, and goes only to the service's origin (never along a redirect elsewhere).",
        valueName: "header"))
    var header: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Send the contents of this file as the request body (\"-\": standard input); Content-Type is application/json unless -H sets it.",
        valueName: "file"), completion: .file())
    var input: String?

    @Flag(name: [.customShort("i"), .long], help: "Print the status line and the response headers before the body.")
    var include = false

    @Flag(name: .long, help: "Errors as one JSON object on stderr (the body is printed as received either way).")
    var json = false

    @Flag(name: .long, help: ArgumentHelp(
        "Follow the pages of a list endpoint (/v1/interviews): GET each page the first one's total and size say there is, and print each as it arrives."))
    var paginate = false

    @Flag(name: .long, help: "With --paginate: print the pages as one JSON array, once all are in.")
    var slurp = false

    @OptionGroup var filter: JQOption

    @OptionGroup var outputFile: OutputFileOption
    @OptionGroup var color: ColorOption
    @OptionGroup var pager: PagerOption
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func validate() throws {
        if slurp && !paginate { throw UsageText.error(.usageSlurpNeedsPaginate) }
        if paginate {
            let given = method?.uppercased() ?? (input != nil ? "POST" : "GET")
            if given != "GET" || input != nil { throw UsageText.error(.usagePaginateGET, ["method": given]) }
            if include { throw UsageText.error(.usagePaginateInclude) }
        }
        if filter.jq != nil && include { throw UsageText.error(.usageJQWithInclude) }
    }

    func run() async throws {
        let paging: ApiFlow.Paging = slurp ? .slurp : paginate ? .pages : .none
        try await AppContainer.run(connection: connection, json: json, jq: filter.jq, outputFile: outputFile.file,
                                   emptyIsADocument: true, color: color.color,
                                   paging: filter.jq == nil && !pager.noPager) { container in
            try await container.makeApiFlow(include: include)
                .run(path: path, method: method, headers: header, input: input, paging: paging)
        }
    }
}
