import ArgumentParser
import Terminal

/// `report config`: what each setting is and where it came from, and setting them in `config.toml`.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings in effect and where each came from; set them in config.toml.",
        discussion: """
            Settings come from, strongest first: a flag, the environment, config.toml, the default \
            (report help config, report help environment).

            EXAMPLES:
              report config list
              report config get base_url --profile staging
              report config set base_url https://staging.example.com --profile staging
              report config set profile staging
            """,
        subcommands: [ConfigListCommand.self, ConfigGetCommand.self, ConfigSetCommand.self]
    )
}

/// `--profile` and `--base-url`, as every command takes them: a flag is where a setting came from
/// too. The connection options themselves (one type, `ConnectionOptions`): the root declares them
/// as global options (`GlobalOptions`), and ArgumentParser hands a command the root's value of a
/// group of the same type — a lookalike of another type would never see them.
struct ConfigScopeOptions: ParsableArguments {
    @OptionGroup var connectionOptions: ConnectionOptions

    /// The profile to show or set.
    var profile: String? { connectionOptions.profile }
    var baseURL: String? { connectionOptions.baseURL }
    var language: LanguageOption { connectionOptions.language }
    var connection: ConnectionOptions { get throws { connectionOptions } }
}

struct ConfigListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show each setting in effect, its value and where it came from.",
        discussion: "EXAMPLES:\n  report config list\n  report config list --profile staging --json | jq -r '.settings[] | select(.name == \"base_url\") | .origin'"
    )

    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @OptionGroup var filter: JQOption
    @OptionGroup var scope: ConfigScopeOptions

    func run() async throws {
        try await AppContainer.run(connection: try scope.connection, json: json, jq: filter.jq) { container in
            try container.listConfiguration(json: json || filter.jq != nil)
        }
    }
}

struct ConfigGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value of one setting in effect (for scripts).",
        discussion: "NAME is one of \(EffectiveSettings.names.joined(separator: ", ")).\n\nEXAMPLES:\n  report config get base_url\n  report config get profile --json"
    )

    @Argument(help: ArgumentHelp("The setting.", valueName: "name"), completion: .list(EffectiveSettings.names))
    var name: String

    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @OptionGroup var filter: JQOption
    @OptionGroup var scope: ConfigScopeOptions

    func run() async throws {
        try await AppContainer.run(connection: try scope.connection, json: json, jq: filter.jq) { container in
            try container.getConfiguration(name, json: json || filter.jq != nil)
        }
    }
}

struct ConfigSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a setting in config.toml (atomically; comments and other lines are kept).",
        discussion: """
            profile NAME sets default_profile; base_url URL sets the base URL of the profile \
            (--profile, else the one in effect), adding its [profiles.NAME] table if need be; \
            language ko|en sets the language of text for a person; color auto|always|never the \
            colour (below --color, NO_COLOR, CLICOLOR_FORCE and FORCE_COLOR); pager COMMAND the \
            pager (below REPORT_PAGER and PAGER; "" or cat for none).

            EXAMPLES:
              report config set base_url https://reports.example.com
              report config set base_url https://staging.example.com --profile staging
              report config set profile staging
              report config set language ko
              report config set color never
              report config set pager cat
            """
    )

    @Argument(help: ArgumentHelp("profile, base_url, language, color or pager.", valueName: "name"), completion: .list(EffectiveSettings.settable))
    var name: String

    @Argument(help: ArgumentHelp("The new value.", valueName: "value"))
    var value: String

    @OptionGroup var scope: ConfigScopeOptions

    func run() async throws {
        // The profile may be one the file does not declare yet: only the flag is passed on.
        try await AppContainer.run(connection: try scope.language.connection, json: false) { container in
            try await container.setConfiguration(name, to: value, profile: scope.profile)
            return .success
        }
    }
}
