import ArgumentParser

/// `report auth list`: every profile, its service, member and sign-in, and which is the default.
struct AuthListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the profiles: each one's service, member and sign-in, and which is the default.",
        discussion: """
            Reads config.toml and the stored credentials only: no request is made and no token is \
            shown. An expired access token is renewed by the next command that uses the profile.

            EXAMPLES:
              report auth list
              report auth list --json | jq -r '.profiles[] | select(.default) | .name'
            """
    )

    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @OptionGroup var language: LanguageOption

    func run() async throws {
        try await AppContainer.run(connection: try language.connection, json: json) { container in
            try container.makeProfilesFlow().list(json: json)
        }
    }
}
