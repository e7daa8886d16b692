import ArgumentParser

/// `report auth logout`: forget the profile's stored credentials.
struct AuthLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Remove the profile's stored credentials.",
        discussion: "Succeeds, saying so, when there were none."
    )

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let container = AppContainer(environment: .current, connection: connection)
        try await container.makeCommandRunner(json: false).run {
            try await container.makeAuthFlow(json: false, storedCredentialsOnly: true).logout()
        }
    }
}
