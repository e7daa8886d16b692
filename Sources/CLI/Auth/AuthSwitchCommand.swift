import ArgumentParser

/// `report auth switch PROFILE`: the default profile, kept in config.toml.
struct AuthSwitchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Make a profile the default one (default_profile in config.toml).",
        discussion: """
            The profile must be one that report auth list shows. REPORT_PROFILE and --profile \
            still choose another one for a command.

            EXAMPLES:
              report auth switch staging
              report auth switch default
            """
    )

    @Argument(help: ArgumentHelp("The profile to make the default one.", valueName: "profile"),
              completion: .custom(ProfileCompletion.names(words:index:prefix:)))
    var profile: String

    @OptionGroup var language: LanguageOption

    func run() async throws {
        try await AppContainer.run(connection: try language.connection, json: false) { container in
            try await container.makeProfilesFlow().switchTo(profile)
        }
    }
}
