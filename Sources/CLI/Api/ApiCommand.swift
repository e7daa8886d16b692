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

            EXAMPLES:
              report api /v1/me
              report api -i '/v1/interviews?status=completed&page=2'
              report api -X POST /v1/some/path --input body.json
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

    @OptionGroup var outputFile: OutputFileOption
    @OptionGroup var color: ColorOption
    @OptionGroup var pager: PagerOption
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        try await AppContainer.run(connection: connection, json: json, outputFile: outputFile.file, emptyIsADocument: true,
                                   color: color.color,
                                   paging: !pager.noPager) { container in
            try await container.makeApiFlow(include: include)
                .run(path: path, method: method, headers: header, input: input)
        }
    }
}
