import ArgumentParser

/// `report auth login [--with-token]`: exchange a refresh token for stored credentials.
struct AuthLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in with a refresh token and store the credentials.",
        discussion: """
            Reads the refresh token from standard input with --with-token (report auth login \
            --with-token < token.txt), or asks for it without echo when standard input is a \
            terminal. The token is never taken as an argument: other users can read those. The \
            base URL signed in to (from --base-url or REPORT_BASE_URL) is saved as the profile's \
            base_url in config.toml (its table added if need be), so later commands of the profile \
            go there without either.

            EXAMPLES:
              report auth login
              report auth login --with-token < refresh-token.txt
              report auth login --profile staging --base-url https://staging.example.com
            """
    )

    @Flag(name: .long, help: "Read the refresh token from standard input.")
    var withToken = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        try await AppContainer.run(connection: connection, json: output.json, jq: output.filter.jq, color: output.color.color, signingIn: true) { container in
            let status = try await container.makeAuthFlow(json: output.asksForJSON, storedCredentialsOnly: true).login(withToken: withToken)
            try await container.rememberBaseURL()
            return status
        }
    }
}
