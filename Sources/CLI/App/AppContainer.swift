import Data
import Domain
import Presentation
import Terminal

/// The composition root: the only place that knows the concrete types and wires them. Commands
/// ask it for what they need; nothing else constructs a use case, a view model or a view.
struct AppContainer: Sendable {
    let context: AppContext
    let connection: ConnectionOptions
    var environment: AppEnvironment { context.environment }
    var streams: IOStreams { context.streams }
    var standardOutput: StandardStream { context.streams.output }
    var standardError: StandardStream { context.streams.error }
    /// When the command started: `--max-time` counts from here.
    let startTime: ContinuousClock.Instant = .now
    /// The flags, the environment and `config.toml` resolved once, when the container is made:
    /// the runner's sign-in hint, the provider and a batch all use the same reading.
    private let settings: Result<ServiceSettings, CLIError>

    /// `--color`.
    var color: ColorChoice = .auto
    /// How the reports' use cases use the report cache: `--offline` and `--no-cache` of the
    /// commands that read reports; none for every other command.
    var cacheUse: CacheConfiguration.Use = .off

    init(context: AppContext, connection: ConnectionOptions) {
        self.context = context
        self.connection = connection
        settings = Result { () throws(CLIError) in try ServiceSettings(connection: connection, environment: context.environment) }
    }

    /// What to tell a user whose credentials are missing or refused. A bad configuration is
    /// reported by the command itself; this then falls back to a hint that does not depend on it.
    /// Asked for only when such an error is reported: it reads where the profile signed in.
    var signInHint: @Sendable () -> String {
        { [self] in
            guard let settings = try? makeSettings() else { return CLIError.signInHint }
            return settings.signInHint(storedBaseURL: settings.accessToken == nil
                ? StoredSignIn.baseURL(configurationDirectory: settings.configurationDirectory, profile: settings.profile) : nil)
        }
    }

    func makeCommandRunner(json: Bool) -> CommandRunner {
        let maxTime = connection.maxTime.flatMap { $0.duration > .zero ? $0 : nil }
        return CommandRunner(json: json, streams: streams, ownsProcess: context.ownsProcess,
                             signInHint: signInHint,
                             timeLimit: maxTime.map { (Deadline(limit: $0.duration, startingAt: startTime), $0.text) })
    }

    /// The resolved settings, or the error of a bad flag, environment variable or `config.toml`.
    func makeSettings() throws(CLIError) -> ServiceSettings {
        try settings.get()
    }

    /// `connectionsPerHost`: connections kept open to the service (`report fetch --parallel`).
    func makeUseCaseProvider(connectionsPerHost: Int? = nil) throws -> any UseCaseProvider {
        try makeUseCaseProvider(settings: makeSettings(), usingEnvironmentToken: true, connectionsPerHost: connectionsPerHost)
    }

    /// `usingEnvironmentToken: false` ignores REPORT_TOKEN: signing in and out is about the
    /// stored credentials whatever the environment says.
    func makeUseCaseProvider(settings: ServiceSettings, usingEnvironmentToken: Bool,
                                     connectionsPerHost: Int? = nil) throws -> NetworkUseCaseProvider {
        let credentials: ServiceConfiguration.Credentials =
            if usingEnvironmentToken, let token = settings.accessToken { .token(token) }
            else { .stored(directory: settings.configurationDirectory, profile: settings.profile) }
        let transport = settings.transport
        let standardError = standardError
        let log: (@Sendable (String) -> Void)? =
            if transport.verbose { { line in standardError.note("* \(line)\n") } } else { nil }
        let startTime = startTime
        let deadline = transport.maxTime.map { Deadline(limit: $0, startingAt: startTime) }
        do {
            var configuration = ServiceConfiguration(
                baseURL: settings.baseURL,
                credentials: credentials,
                clientVersion: AppVersion.number,
                connectTimeout: transport.connectTimeout,
                totalTimeout: transport.totalTimeout,
                stallTimeout: transport.stallTimeout,
                maxRetries: transport.maxRetries,
                deadline: deadline,
                caFile: transport.caFile,
                allowsInsecureHTTP: transport.allowsInsecureHTTP,
                log: log
            )
            if let connectionsPerHost { configuration.maxConnectionsPerHost = connectionsPerHost }
            configuration.cache = try makeCacheConfiguration()
            return try NetworkUseCaseProvider(configuration: configuration)
        } catch let error as ServiceConfigurationError {
            throw settings.baseURLError(error)
        } catch let error as CredentialsFileError {
            throw CLIError(error, signInCommand: settings.signInCommand)
        }
    }

    func makeTextStyle() -> TextStyle {
        TextStyle(enabled: environment.allowsColor(on: standardOutput, choice: color))
    }
}
