import ArgumentParser

/// Where the service is, whose credentials to use and how to talk to it (timeouts, retries, TLS,
/// logging); shared by every command that talks to the service. Checked when the command runs
/// (`ServiceSettings`), so that a bad value is reported like every other error (`--json` too).
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The service's base URL (default: REPORT_BASE_URL, else the profile's base_url, else \(ServiceSettings.defaultBaseURL)). On this machine :8080 or localhost:8080 is enough (plain http://).",
        valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp(
        "The profile of config.toml whose base URL and credentials to use (default: REPORT_PROFILE, else default_profile, else \"\(ServiceSettings.defaultProfile)\").",
        valueName: "name"), completion: .custom(ProfileCompletion.names(words:index:prefix:)))
    var profile: String?

    @Option(name: .long, help: ArgumentHelp(
        "How many times to repeat a failed request that is safe to repeat (GET, HEAD, PUT, DELETE) after a connect failure, timeout, broken transfer, 408, 429, 500, 502, 503 or 504; 0 for never, at most \(ServiceSettings.maxRetriesLimit).",
        valueName: "n"))
    var retries: Int = ServiceLayer.defaultRetries

    @Option(name: .long, help: ArgumentHelp(
        "The most the whole command may take, every request, retry and wait included, e.g. 30s, 2m (default: no limit).",
        valueName: "duration"))
    var maxTime: DurationArgument?

    @Option(name: .long, help: ArgumentHelp("The most connecting to the service may take.", valueName: "duration"))
    var connectTimeout = DurationArgument(ServiceLayer.defaultConnectTimeout)

    @Option(name: .long, help: ArgumentHelp("The most one request may take, its response included.", valueName: "duration"))
    var timeout = DurationArgument(ServiceLayer.defaultTotalTimeout)

    @Option(name: .long, help: ArgumentHelp(
        "A response that sends no byte for this long fails as a timeout.", valueName: "duration"))
    var stallTimeout = DurationArgument(ServiceLayer.defaultStallTimeout)

    @Option(name: .long, help: ArgumentHelp(
        "A PEM file of CA certificates to trust instead of the system's (for a private CA).", valueName: "file"),
            completion: .file())
    var cacert: String?

    @Flag(name: .long, help: "Allow plain http:// to a host that is not loopback (the token would travel unencrypted).")
    var allowInsecureHttp = false

    @Flag(name: .long, help: "Log each request, response, timing and retry decision on stderr, secrets redacted (also REPORT_DEBUG=1).")
    var verbose = false

    @OptionGroup var language: LanguageOption
}
