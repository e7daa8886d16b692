import ArgumentParser
import Domain
import Presentation
import Terminal

/// `report hint <section>`: how to read a section of the report.
struct HintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Explain how to read a section of the report.",
        discussion: "EXAMPLES:\n  report hint aptitude\n  report hint character --json"
    )

    @Argument(help: ArgumentHelp("tips, character, aptitude, keywords or video.", valueName: "section"))
    var section: HintSection

    @OptionGroup var output: OutputOptions
    @OptionGroup var pager: PagerOption
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        try await AppContainer.run(connection: connection, json: output.json, jq: output.filter.jq, color: output.color.color,
                                   paging: !output.asksForJSON && !pager.noPager) { container in
            let hint = try await container.makeHintScreen(section.section).value(context: "hint for \(section.section.rawValue)")
            let standardOutput = container.streams.output
            if output.asksForJSON {
                try standardOutput.write(JSONWriter.text(of: HintDocument(hint.hint), pretty: standardOutput.isTerminal) + "\n")
            } else {
                try standardOutput.write(container.makeTerminalHintView().render(hint))
            }
            return .success
        }
    }
}
