import ArgumentParser
import Presentation

/// `report list`: completed interviews, newest first.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your completed interviews, newest first.",
        discussion: """
            Shows one page (--page, --limit); --all follows every page from --page on, printing \
            rows as they arrive. --json prints one array (written once all pages are in); \
            --jsonl prints one object a line as they arrive.
            """
    )

    @Option(name: .long, help: "Interviews per page (1–100).")
    var limit = 20

    @Option(name: .long, help: "The page to show (1 is the newest).")
    var page = 1

    @Flag(name: .long, help: "Follow every page from --page on.")
    var all = false

    @Flag(name: .long, help: "Print one JSON array on stdout.")
    var json = false

    @Flag(name: .long, help: "Print one JSON object a line (JSON Lines).")
    var jsonl = false

    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
        guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
        guard !(json && jsonl) else { throw ValidationError("--json and --jsonl cannot be used together") }
    }

    func run() async throws {
        let format: ListFlow.Format = json ? .json : jsonl ? .jsonl : .table
        try await AppContainer.run(connection: connection, json: json || jsonl) { container in
            try await container.makeListFlow(pageSize: limit, format: format).run(from: page, all: all)
        }
    }
}
