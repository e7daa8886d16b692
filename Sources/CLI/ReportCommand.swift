import ArgumentParser

/// `report`: the command-line client of the interview-analysis service.
public struct ReportCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Fetch and print interview analysis reports.",
        discussion: """
            Signs in with `report auth login` (or takes an access token from REPORT_TOKEN) and \
            finds the service from --base-url, REPORT_BASE_URL or the profile's base_url in \
            config.toml. Exit codes are listed in the README.
            """,
        version: AppVersion.description,
        subcommands: [
            FetchCommand.self,
            ListCommand.self,
            HintCommand.self,
            StatusCommand.self,
            CheckCommand.self,
            AuthCommand.self,
            ApiCommand.self,
        ]
    )

    public init() {}
}
