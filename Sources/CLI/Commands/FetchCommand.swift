import ArgumentParser
import Domain
import Presentation

/// `report fetch --term N`: one interview's analysis report.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch an interview's analysis report and print its sections.",
        discussion: """
            Sections follow the interview's kind: company interviews show tips, character, \
            aptitude and keywords; personality interviews tips, character and keywords; \
            competency interviews tips, aptitude and keywords. A section without data is shown \
            as "not available". While the analysis is still running, the title is printed and \
            report exits with 75.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The interview's term number.", valueName: "number"))
    var term: TermNumber

    @OptionGroup var output: OutputOptions
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let container = AppContainer(environment: .current, connection: connection)
        try await container.makeCommandRunner(json: output.json).run {
            try await container.makeFetchFlow(json: output.json).run(termNo: term)
        }
    }
}
