import ArgumentParser

/// `report`: the command-line client of the interview-analysis service.
@main
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Fetch and print interview analysis reports.",
        discussion: """
            Reads the access token from REPORT_TOKEN and the service address from --base-url or \
            REPORT_BASE_URL. Exit codes are listed in the README.
            """,
        version: AppVersion.description,
        subcommands: [FetchCommand.self, ListCommand.self, HintCommand.self, StatusCommand.self, CheckCommand.self]
    )
}
