import ArgumentParser
import Presentation

/// `report sync`: every finished report of the member into the local store.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring every finished report of yours into the local store.",
        discussion: """
            Lists your interviews and brings each one whose analysis is done — its interview, its \
            analysis report and its video report — into the local store (report cache info), where \
            fetch, compare and trend read it, with --offline too. What the store already holds is \
            asked for conditionally (If-None-Match): a second sync downloads nothing that did not \
            change, and asks nothing while the service says a report is fresh (Cache-Control: \
            max-age; --refresh asks anyway).

            Interviews are synced --parallel at a time, with a progress line on a terminal and a \
            summary at the end; --json prints the summary as one JSON document, --jsonl one line an \
            interview. Ctrl-C stops the sync, keeping what it brought in: the next sync resumes \
            where it stopped. Exit status: 0 all synced, 1 some failed, otherwise the failures' \
            shared code (2 when they differ).

            EXAMPLES:
              report sync
              report sync --json | jq .summary.downloaded
              report sync --jsonl > synced.jsonl
            """
    )

    @Option(name: .long, help: ArgumentHelp("How many interviews to sync at once (1–\(FetchCommand.maxParallel)).",
                                            valueName: "n"))
    var parallel = 8

    @Flag(name: .long, help: "Print one JSON document a line, one per interview (JSON Lines).")
    var jsonl = false

    @Flag(name: .long, help: """
        Ask the service whether each kept report changed (If-None-Match) even when it says the report \
        is still fresh (Cache-Control: max-age).
        """)
    var refresh = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func validate() throws {
        guard (1...FetchCommand.maxParallel).contains(parallel) else {
            throw UsageText.error(.usageParallelRange, ["max": "\(FetchCommand.maxParallel)"])
        }
        if output.json && jsonl {
            throw UsageText.error(.usageJSONAndJSONL)
        }
    }

    func run() async throws {
        let format: SyncFlow.Format = output.json ? .json : jsonl ? .jsonl : .text
        try await AppContainer.run(connection: connection, json: output.json || jsonl, color: output.color.color,
                                   cache: refresh ? .refresh : .revalidate) { container in
            try await container.makeSyncFlow(format: format, parallel: parallel).run()
        }
    }
}
