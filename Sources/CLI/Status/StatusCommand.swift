import ArgumentParser
import Presentation
import Terminal

/// `report status`: is the service up, or under maintenance and until when.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the service is operational or under maintenance.",
        discussion: "Exits 0 when operational and 69 when under maintenance. Needs no sign-in.\n\nEXAMPLES:\n  report status\n  report status --json | jq -r .status"
    )

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func run() async throws {
        try await AppContainer.run(connection: connection, json: output.json, jq: output.filter.jq, color: output.color.color) { container in
            let status = try await container.makeServiceStatusScreen().value(context: "service status")
            let baseURL = try container.makeSettings().baseURL
            let standardOutput = container.streams.output
            if output.asksForJSON {
                let document = ServiceStatusDocument(status: status.status, baseURL: baseURL)
                try standardOutput.write(JSONWriter.text(of: document, pretty: standardOutput.isTerminal) + "\n")
            } else {
                try standardOutput.write(StatusView(style: container.makeTextStyle(), words: container.makeWords()).render(status, baseURL: baseURL))
            }
            return status.status.isUnderMaintenance ? .unavailable : .success
        }
    }
}
