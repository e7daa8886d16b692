import ArgumentParser
import Data
import Terminal

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
        IOStreams.reserveStandardDescriptors()
        let words = arguments.dropFirst()
        guard let command = words.first(where: { !$0.hasPrefix("-") }),
              networkCommands.contains(command),
              !words.contains(where: { ["-h", "--help", "--version", "help"].contains($0) }) else { return }
        TransportWarmUp.start()
    }

    /// Runs `report` with `arguments` (without the program's name) in `context`, inside the
    /// calling process, and returns its exit status: what `main` does, for tests that run commands
    /// on buffered streams. Usage errors, `--help` and `--version` are written to the context's
    /// streams as ArgumentParser would write them to the process's.
    static func run(_ arguments: [String], in context: AppContext) async -> Int32 {
        await AppContext.$current.withValue(context) {
            do {
                var command = try parseAsRoot(arguments)
                if var command = command as? any AsyncParsableCommand {
                    try await command.run()
                } else {
                    try command.run()
                }
                return 0
            } catch {
                let status = exitCode(for: error).rawValue
                let message = fullMessage(for: error)
                if !message.isEmpty {
                    let stream = status == 0 ? context.streams.output : context.streams.error
                    stream.note(message + "\n")
                }
                return status
            }
        }
    }

    /// The subcommands whose every run makes a request (`auth` mostly does: login, status, token).
    private static let networkCommands: Set<String> = ["fetch", "list", "hint", "status", "check", "api", "auth"]
}
