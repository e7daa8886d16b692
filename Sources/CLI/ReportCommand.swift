import ArgumentParser
import Data

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

    /// Work to start before the arguments are parsed. A command that talks to the service starts
    /// loading libcurl on a thread of its own right away, so that it overlaps with parsing and
    /// settings; `--help`, `--version` and commands that never reach the network load nothing.
    public static func prepare(arguments: [String]) {
        StandardStream.reserveStandardDescriptors()
        let words = arguments.dropFirst()
        guard let command = words.first(where: { !$0.hasPrefix("-") }),
              networkCommands.contains(command),
              !words.contains(where: { ["-h", "--help", "--version", "help"].contains($0) }) else { return }
        TransportWarmUp.start()
    }

    /// The subcommands whose every run makes a request (`auth` mostly does: login, status, token).
    private static let networkCommands: Set<String> = ["fetch", "list", "hint", "status", "check", "api", "auth"]
}
