import ArgumentParser

/// Where the service is and whose credentials to use; shared by every command that talks to it.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The service's base URL (default: REPORT_BASE_URL, else the profile's base_url, else \(ServiceSettings.defaultBaseURL)).",
        valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp(
        "The profile of config.toml whose base URL and credentials to use (default: REPORT_PROFILE, else default_profile, else \"\(ServiceSettings.defaultProfile)\").",
        valueName: "name"))
    var profile: String?
}
