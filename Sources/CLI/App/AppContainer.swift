import Data
import Domain
import Presentation
import Terminal

/// Signing in and out, and `report api`'s requests: the Data layer's one implementation of each,
/// named here, where the CLI meets the Data layer.
typealias AuthUseCase = NetworkAuthUseCase
typealias RawRequestUseCase = NetworkRawRequestUseCase
/// The use cases of one run on one transport, as the containers name their provider.
typealias UseCaseProvider = NetworkUseCaseProvider

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
    /// The run's settings sources, `config.toml` read once: `config set` and `config list` read it here.
    let resolver: SettingsResolver
    /// The flags, the environment and `config.toml` resolved once, when the container is made:
    /// the runner's sign-in hint, the provider and a batch all use the same reading.
    private let settings: Result<ServiceSettings, CLIError>

    /// `--color`.
    var color: ColorChoice = .auto
    /// How the reports' use cases use the report cache: `--offline` and `--no-cache` of the
    /// commands that read reports; none for every other command.
    var cacheUse: CacheUse = .off

    /// With the settings already made from `connection` and `resolver`, the context's environment read.
    private init(context: AppContext, connection: ConnectionOptions, resolver: SettingsResolver,
                 settings: Result<ServiceSettings, CLIError>) {
        self.context = context
        self.connection = connection
        self.resolver = resolver
        self.settings = settings
    }

    /// `signingIn`: `auth login`, which may name a profile config.toml does not have yet.
    private static func settings(connection: ConnectionOptions, resolver: SettingsResolver,
                                 signingIn: Bool) -> Result<ServiceSettings, CLIError> {
        Result { () throws(CLIError) in try ServiceSettings(connection: connection, resolver: resolver, signingIn: signingIn) }
    }

    /// What to tell a user whose credentials are missing or refused. A bad configuration is
    /// reported by the command itself; this then falls back to a hint that does not depend on it.
    /// Asked for only when such an error is reported: it reads where the profile signed in.
    var signInHint: CLIError.SignInHint {
        { [self] in
            guard let settings = try? makeSettings() else { return CLIError.signInHint }
            return settings.signInHint(storedBaseURL: settings.accessToken == nil
                ? ServiceLayer.signedInBaseURL(configurationDirectory: settings.configurationDirectory, profile: settings.profile) : nil)
        }
    }

    func makeCommandRunner(json: Bool) -> CommandRunner {
        let maxTime = connection.maxTime.flatMap { $0.duration > .zero ? $0 : nil }
        var runner = CommandRunner(json: json, streams: streams, ownsProcess: context.ownsProcess,
                                   signInHint: signInHint,
                                   timeLimit: maxTime.map { (Deadline(limit: $0.duration, startingAt: startTime), $0.text) },
                                   words: makeWords())
        runner.refusedConnectionHint = (try? makeSettings())?.savedBaseURLHint
        return runner
    }

    /// The resolved settings, or the error of a bad flag, environment variable or `config.toml`.
    func makeSettings() throws(CLIError) -> ServiceSettings {
        try settings.get()
    }

    /// `connectionsPerHost`: connections kept open to the service (`report fetch --parallel`).
    func makeUseCaseProvider(connectionsPerHost: Int? = nil) throws -> NetworkUseCaseProvider {
        try makeUseCaseProvider(settings: makeSettings(), usingEnvironmentToken: true, connectionsPerHost: connectionsPerHost)
    }

    /// A `--verbose` entry as stderr shows it, in one write: headers keep their `> `/`< `, every
    /// other line starts with `* ` (as `curl -v` writes them).
    static func verboseLines(_ entry: String) -> String {
        entry.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("> ") || line.hasPrefix("< ") ? line + "\n" : "* " + line + "\n"
        }.joined()
    }

    /// `usingEnvironmentToken: false` ignores REPORT_TOKEN: signing in and out is about the
    /// stored credentials whatever the environment says.
    /// `recorder`: told of each attempt at a request once it ended (`report check --junit`).
    func makeUseCaseProvider(settings: ServiceSettings, usingEnvironmentToken: Bool,
                             connectionsPerHost: Int? = nil, recorder: RequestRecorder? = nil) throws -> NetworkUseCaseProvider {
        try withServiceConfiguration(settings: settings, usingEnvironmentToken: usingEnvironmentToken,
                                     connectionsPerHost: connectionsPerHost, recorder: recorder) {
            try NetworkUseCaseProvider(configuration: $0)
        }
    }

    /// `report search`'s use case: the store of this run's scope, without a transport.
    func makeSearchUseCase() throws -> any SearchUseCase {
        try withServiceConfiguration(settings: makeSettings(), usingEnvironmentToken: true) {
            try UseCaseProvider.makeSearchUseCase(configuration: $0)
        }
    }

    /// A container for a shell's completion (⇥): the environment and config.toml as a command
    /// reads them, no flags (the words before ⇥ are not parsed), the output nowhere.
    static func forCompletion() -> AppContainer? {
        guard let connection = try? ConnectionOptions.parse([]) else { return nil }
        let context = AppContext.current
        let resolver = SettingsResolver(environment: context.environment)
        return AppContainer(context: context, connection: connection, resolver: resolver,
                            settings: settings(connection: connection, resolver: resolver, signingIn: false))
    }

    /// What `make` makes of the service's configuration from `settings` (the provider; `report
    /// search`'s use case, which needs no transport), a bad base URL or credentials file said as
    /// the CLI says it.
    func withServiceConfiguration<T>(settings: ServiceSettings, usingEnvironmentToken: Bool, connectionsPerHost: Int? = nil,
                                     recorder: RequestRecorder? = nil,
                                     _ make: (ServiceConfiguration) throws -> T) throws -> T {
        let credentials: ServiceConfiguration.Credentials =
            if usingEnvironmentToken, let token = settings.accessToken { .token(token) }
            else { .stored(directory: settings.configurationDirectory, profile: settings.profile) }
        let transport = settings.transport
        let standardError = standardError
        let log: (@Sendable (String) -> Void)? =
            if transport.verbose { { entry in standardError.note(Self.verboseLines(entry)) } } else { nil }
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
            if let recorder {
                configuration.observe = { attempt in
                    recorder.record(RequestRecorder.Request(method: attempt.method, url: attempt.url, attempt: attempt.attempt,
                                                            status: attempt.status, failure: attempt.failure))
                }
            }
            return try make(configuration)
        } catch let error as ServiceConfigurationError {
            switch error.problem {
            case .baseURL(let problem): throw settings.baseURLError(problem)
            case .transport(let reason):
                throw CLIError(.errorTransportCannotStart, ["detail": .detail(reason)], kind: .configuration)
            }
        } catch let error as CredentialsFileError {
            throw CLIError(error, signInCommand: settings.signInCommand)
        }
    }

    /// The language of text for a person, with where it came from: the settings' (`--lang`,
    /// config.toml, the locale environment, English); when the settings could not be made, the
    /// flag's or the environment's, so that even that error is said in the language asked for.
    func makeLanguage() -> Resolved<Language> {
        (try? makeSettings())?.language ?? resolver.language(flag: connection.language.language, readingConfig: false)
    }

    /// The messages of the language chosen for this run, for the views of text for a person.
    func makeWords() -> Words {
        Words(makeLanguage().value)
    }

    func makeTextStyle() -> TextStyle {
        TextStyle(enabled: environment.allowsColor(on: standardOutput, choice: color, config: (try? makeSettings())?.configColor))
    }
}

extension AppContainer {
    /// The one path of every command that talks to the service: build the container for the
    /// current context, then run `body` under the command runner (signals, `--max-time`, the
    /// exit-code table, the error line).
    ///
    /// With `outputFile` (`-o FILE`), stdout is collected and, once the command has its status,
    /// written to the file atomically: the file gets the whole document or is left as it was, and
    /// stdout stays empty. A path that cannot be written is found out before anything runs. A
    /// command that produced nothing leaves the file untouched, unless `emptyIsADocument` and it
    /// succeeded.
    ///
    /// With `paging` (text for a person, and no `--no-pager`), stdout on a terminal goes through
    /// the pager (`Pager`), which the command waits for before it ends.
    ///
    /// `cache`: `--offline` or `--no-cache` of a command that reads reports; without it the
    /// reports' use cases do not use the cache (no other command reads reports).
    ///
    /// `jq`: `--jq`'s expression, compiled before `body` runs (a usage error when it does not
    /// compile, before any request); every document the command then writes to stdout goes
    /// through it (`JQOutputFilter`).
    static func run(connection: ConnectionOptions, json: Bool, jq: String? = nil, outputFile: String? = nil, emptyIsADocument: Bool = false,
                    color: ColorChoice = .auto, paging: Bool = false, cache: CacheUse? = nil,
                    signingIn: Bool = false, _ body: @escaping @Sendable (AppContainer) async throws -> ExitStatus) async throws {
        let context = AppContext.current
        let collected = OutputBuffer()
        var streams = outputFile == nil ? context.streams : context.streams.collectingOutput(in: collected)
        let variables = context.environment.variables
        // The settings once, for the pager (config.toml's `pager`, below REPORT_PAGER and PAGER; a
        // file that cannot be read is the command's own error to report: no pager then) and the
        // container.
        let resolver = SettingsResolver(environment: context.environment)
        let settings = settings(connection: connection, resolver: resolver, signingIn: signingIn)
        let configured = paging && outputFile == nil ? (try? settings.get())?.configPager?.setting.value : nil
        let pager = paging && outputFile == nil
            ? Pager.command(environment: variables, configured: configured).map { Pager(command: $0, environment: variables) } : nil
        if let pager { streams = streams.paging(through: pager) }
        var container = AppContainer(context: AppContext(environment: context.environment, streams: streams,
                                                         clock: context.clock, ownsProcess: context.ownsProcess),
                                     connection: connection, resolver: resolver, settings: settings)
        container.color = color
        container.cacheUse = cache ?? .off
        do {
            try await run(container, json: json, jq: jq, outputFile: outputFile, emptyIsADocument: emptyIsADocument,
                          collected: collected, body)
        } catch {
            await pager?.finish()
            throw error
        }
        await pager?.finish()
    }

    private static func run(_ container: AppContainer, json: Bool, jq: String?, outputFile: String?, emptyIsADocument: Bool,
                            collected: OutputBuffer,
                            _ body: @escaping @Sendable (AppContainer) async throws -> ExitStatus) async throws {
        try await container.makeCommandRunner(json: json).run { [container] in
            var container = container
            if let jq { container = try await container.filteringOutput(through: jq) }
            guard let outputFile else { return try await body(container) }
            if let refused = AtomicFile.refusal(outputFile) {
                throw CLIError(.detailRefusalCannotWriteOutput, ["detail": .detail(ServiceLayer.detail(refused))],
                               hint: .detailRefusalOwnFolderOutput, kind: .cannotWrite)
            }
            if let problem = AtomicFile.checkWritable(outputFile) {
                throw CLIError(.detailRefusalCannotWriteOutput,
                               ["detail": .detail(ServiceLayer.detail(problem))],
                               hint: .detailRefusalGiveOutputPath, kind: .cannotWrite)
            }
            let status = try await body(container)
            // Nothing produced (a batch that fetched nothing, a failed fetch): the file is left as
            // it was. Only `api`'s empty 2xx body is an empty document, as with `curl -o`.
            if collected.bytes.isEmpty && !(emptyIsADocument && status == .success) { return status }
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(collected.bytes, to: outputFile)
            } catch {
                throw CLIError(.refusalCouldNotWriteOutput, ["detail": .detail(ServiceLayer.detail(error))], kind: .cannotWrite)
            }
            return status
        }
    }


    /// This container with stdout going through `expression` (`--jq`), compiled first — on a
    /// thread of its own: libjq 1.6 compiles its builtins with every program, tens of
    /// milliseconds, which must not hold one of Swift's cooperative threads.
    func filteringOutput(through expression: String) async throws -> AppContainer {
        guard let compiled = await BlockingCall.run({
            Result { () throws(JQProgram.CompileError) in try JQProgram(compiling: expression) }
        }) else { throw CancellationError() }
        let program: JQProgram
        switch compiled {
        case .success(let compiledProgram): program = compiledProgram
        case .failure(let error): throw CLIError(error)
        }
        let filter = JQOutputFilter(program: program, forTerminal: standardOutput.isTerminal, style: makeTextStyle())
        var filtered = AppContainer(context: AppContext(environment: environment, streams: streams.filteringOutput(through: filter),
                                                        clock: context.clock, ownsProcess: context.ownsProcess),
                                    connection: connection, resolver: resolver, settings: settings)
        filtered.color = color
        filtered.cacheUse = cacheUse
        return filtered
    }

    /// The report cache as this command uses it. A command that does not use it still learns
    /// where it is, when that can be told, so that `auth logout` removes the member's entries;
    /// a bad REPORT_CACHE_MAX_SIZE is an error only for a command that writes the cache.
    func makeCacheConfiguration() throws(CLIError) -> ServiceConfiguration.Cache? {
        switch cacheUse {
        case .revalidate, .refresh, .offline:
            let settings = try CacheSettings(environment: environment)
            let use: ServiceConfiguration.Cache.Use = switch cacheUse {
            case .revalidate: .revalidate
            case .refresh: .refresh
            case .offline: .offline
            case .off: .off
            }
            return ServiceConfiguration.Cache(directory: settings.directory, maxBytes: settings.maxBytes, use: use,
                                              build: "\(AppVersion.number) \(AppVersion.build)")
        case .off:
            return (try? CacheSettings.directory(environment: environment)).map { ServiceConfiguration.Cache(directory: $0.value, use: .off) }
        }
    }
}
