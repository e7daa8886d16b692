import ArgumentParser
import Domain
import Presentation
import Terminal

/// `report check`: one command for CI smoke tests.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that the service, your credentials and a report all work (for CI).",
        discussion: """
            Runs in order: the service is reachable and not under maintenance; the credentials \
            are valid (refreshed if needed); a report — --term N, or the newest listed interview \
            whose analysis is done — fetches and decodes. Prints a line per check and exits with \
            the exit code of the first failure (0 when all pass). --junit FILE also writes the \
            results as JUnit XML.

            EXAMPLES:
              report check
              report check --term 1001 --junit report-check.xml
              report check --json | jq '.checks[] | select(.status == "failed")'
            """
    )

    @Option(name: .long, help: ArgumentHelp("The interview whose report to fetch.", valueName: "number"))
    var term: TermNumber?

    @Option(name: .long, help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"),
            completion: .file())
    var junit: String?

    @Flag(name: .customLong("no-cache"), help: """
        Fetch the report whole, not through the local cache (by default a report kept from an \
        earlier fetch is revalidated with If-None-Match, and a 304 decodes the kept copy).
        """)
    var noCache = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        // A check asks the service: a report still fresh in the cache is revalidated all the same.
        try await AppContainer.run(connection: connection, json: output.json, jq: output.filter.jq, color: output.color.color,
                                   cache: noCache ? .off : .refresh) { container in
            // A JUnit file that could not be written is found out before the checks run, not after.
            if let junit, let refused = AtomicFile.refusal(junit) {
                throw CLIError(.detailRefusalJUnitCannotWrite, ["detail": .detail(ServiceLayer.detail(refused))],
                               hint: .detailRefusalOwnFolderJUnit, kind: .cannotWrite)
            }
            if let junit, let problem = AtomicFile.checkWritable(junit) {
                throw CLIError(.detailRefusalJUnitCannotWrite, ["detail": .detail(ServiceLayer.detail(problem))],
                               hint: .detailRefusalJUnitGivePath, kind: .cannotWrite)
            }
            return try await container.makeCheckFlow(termNo: term, json: output.asksForJSON).run(junitPath: junit)
        }
    }
}
