import ArgumentParser

/// Where the service is; shared by every command that talks to it.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The service's base URL (default: REPORT_BASE_URL, else \(ServiceSettings.defaultBaseURL)).",
        valueName: "url"))
    var baseURL: String?
}
