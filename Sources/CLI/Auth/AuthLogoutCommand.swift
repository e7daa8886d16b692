import ArgumentParser

/// `report auth logout`: forget the profile's stored credentials.
struct AuthLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Remove the profile's stored credentials and the reports cached for them.",
        discussion: "Succeeds, saying so, when there were none. The member's finished reports kept in the local cache for this service are removed too (report cache clear removes every entry).\n\nEXAMPLES:\n  report auth logout\n  report auth logout --profile staging\n  report auth logout --json | jq .removed"
    )

    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @OptionGroup var filter: JQOption
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        try await AppContainer.run(connection: connection, json: json, jq: filter.jq) { container in
            try await container.makeAuthFlow(json: json || filter.jq != nil, storedCredentialsOnly: true).logout()
        }
    }
}
