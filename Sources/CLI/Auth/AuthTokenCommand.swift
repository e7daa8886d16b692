import ArgumentParser

/// `report auth token`: a valid access token on stdout, for scripts.
struct AuthTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a valid access token (refreshed if needed), for scripts.",
        discussion: "The only command that prints a token. Keep its output out of logs.\n\nEXAMPLES:\n  curl -H \"Authorization: Bearer $(report auth token)\" \"$REPORT_BASE_URL/v1/me\"\n  report auth token --json | jq -r .accessToken"
    )

    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @OptionGroup var filter: JQOption
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        try await AppContainer.run(connection: connection, json: json, jq: filter.jq) { container in
            try await container.makeAuthFlow(json: json || filter.jq != nil, storedCredentialsOnly: false).token()
        }
    }
}
