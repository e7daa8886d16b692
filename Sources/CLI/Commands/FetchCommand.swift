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

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "Only these sections, comma-separated: title, tips, character, aptitude, keywords, video (video is fetched only when asked for).",
        valueName: "names"))
    var section: [SectionList] = []

    @Flag(name: .long, help: "While the analysis is still running, keep asking (with backoff) until it is ready.")
    var wait = false

    @Option(name: .long, help: ArgumentHelp("How long --wait waits, e.g. 90s, 10m, 1h.", valueName: "duration"))
    var waitTimeout: DurationArgument = DurationArgument(.seconds(600), text: "10m")

    @OptionGroup var output: OutputOptions
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if waitTimeout.duration <= .zero {
            throw ValidationError("--wait-timeout must be longer than zero")
        }
    }

    func run() async throws {
        let container = AppContainer(environment: .current, connection: connection)
        try await container.makeCommandRunner(json: output.json).run {
            try await container.makeFetchFlow(json: output.json, sections: SectionList.union(section),
                                              waitTimeout: wait ? waitTimeout.duration : nil).run(termNo: term)
        }
    }
}
