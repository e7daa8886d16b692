import ArgumentParser
import Presentation

/// `report status`: is the service up, or under maintenance and until when.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the service is operational or under maintenance.",
        discussion: "Exits 0 when operational and 69 when under maintenance. Needs no sign-in."
    )

    @OptionGroup var output: OutputOptions
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let container = AppContainer(environment: .current, connection: connection)
        try await container.makeCommandRunner(json: output.json).run {
            let screen = try container.makeServiceStatusScreen()
            let status = try await screen.value(context: "service status")
            let baseURL = try container.makeSettings().baseURL
            if output.json {
                try container.standardOutput.write(try JSONText.encode(ServiceStatusDocument(status, baseURL: baseURL),
                                                                   pretty: container.standardOutput.isTerminal) + "\n")
            } else {
                let style = container.makeTextStyle()
                let summary = status.status.isUnderMaintenance ? style.yellow(status.summary) : style.green(status.summary)
                try container.standardOutput.write("\(baseURL): \(summary)\n")
            }
            return status.status.isUnderMaintenance ? .unavailable : .success
        }
    }
}

/// `report status --json`.
struct ServiceStatusDocument: Encodable, Sendable {
    let status: String
    let message: String?
    let until: String?
    let baseURL: String

    init(_ data: ServiceStatusViewData, baseURL: String) {
        status = data.status.isUnderMaintenance ? "MAINTENANCE" : "OK"
        message = data.status.message
        until = data.status.until
        self.baseURL = baseURL
    }

    private enum CodingKeys: String, CodingKey { case status, message, until, baseURL }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(message, forKey: .message)
        try container.encode(until, forKey: .until)
        try container.encode(baseURL, forKey: .baseURL)
    }
}
