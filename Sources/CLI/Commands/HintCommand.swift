import ArgumentParser
import Domain
import Presentation

/// `report hint <section>`: how to read a section of the report.
struct HintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Explain how to read a section of the report."
    )

    @Argument(help: ArgumentHelp("tips, character, aptitude, keywords or video.", valueName: "section"))
    var section: HintSection

    @OptionGroup var output: OutputOptions
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let container = AppContainer(environment: .current, connection: connection)
        try await container.makeCommandRunner(json: output.json).run {
            let hint = try await container.makeHintScreen(section.section).value(context: "hint for \(section.section.rawValue)")
            if output.json {
                try container.standardOutput.write(try JSONText.encode(HintDocument(section: hint.section.rawValue, title: hint.title, body: hint.body),
                                                                   pretty: container.standardOutput.isTerminal) + "\n")
            } else {
                try container.standardOutput.write(container.makeTerminalHintView().render(hint))
            }
            return .success
        }
    }
}

/// The sections that have hints (the title has none).
struct HintSection: ExpressibleByArgument, Sendable {
    let section: ReportSection

    init?(argument: String) {
        guard let section = ReportSection(rawValue: argument), section != .title else { return nil }
        self.section = section
    }

    static var allValueStrings: [String] { ReportSection.allCases.filter { $0 != .title }.map(\.rawValue) }
}

/// `report hint --json`.
struct HintDocument: Encodable, Sendable {
    let section: String
    let title: String
    let body: String
}
