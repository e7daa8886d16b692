import ArgumentParser

/// `report auth status`: who is signed in, where, and until when.
struct AuthStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show who is signed in (asking the service), with which profile and base URL.",
        discussion: "Exits 0 when the credentials work and 4 when there are none or the service refuses them.\n\nEXAMPLES:\n  report auth status\n  report auth status --json | jq -r .member.name"
    )

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        try await AppContainer.run(connection: connection, json: output.json, jq: output.filter.jq, color: output.color.color) { container in
            try await container.makeAuthFlow(json: output.asksForJSON, storedCredentialsOnly: false).status()
        }
    }
}
