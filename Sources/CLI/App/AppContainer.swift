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
    private func makeUseCaseProvider(settings: ServiceSettings, usingEnvironmentToken: Bool,
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
                requestTimeout: transport.requestTimeout,
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

    func makeTerminalReportView() -> TerminalReportView {
        TerminalReportView(
            style: makeTextStyle(),
            columns: standardOutput.columns
        )
    }

    /// `report fetch` of one term or one deep link. `connectionsPerHost` follows `--parallel`.
    func makeFetchFlow(format: FetchFlow.Format, sections: Set<ReportSection>? = nil, waitTimeout: Duration? = nil,
                       explain: Bool = false, connectionsPerHost: Int? = nil) throws -> FetchFlow {
        let provider = try makeUseCaseProvider(connectionsPerHost: connectionsPerHost)
        var flow = FetchFlow(
            makeScreen: { termNo in
                let navigator = TerminalNavigator()
                let viewModel = ReportViewModel(
                    termNo: termNo,
                    sections: sections,
                    interviewUseCase: provider.makeInterviewUseCase(),
                    analysisReportUseCase: provider.makeAnalysisReportUseCase(),
                    videoReportUseCase: provider.makeVideoReportUseCase(),
                    serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                    navigator: navigator
                )
                return ReportScreen(viewModel: viewModel, navigator: navigator)
            },
            makeBatchScreen: {
                ReportBatchScreen(viewModel: ReportBatchViewModel(
                    sections: sections,
                    interviewUseCase: provider.makeInterviewUseCase(),
                    analysisReportUseCase: provider.makeAnalysisReportUseCase(),
                    videoReportUseCase: provider.makeVideoReportUseCase(),
                    serviceCheckUseCase: provider.makeServiceCheckUseCase()
                ))
            },
            makeLinkScreen: {
                let navigator = TerminalNavigator()
                let viewModel = AnalysisLinkViewModel(
                    useCase: OpenAnalysisLinkUseCase(memberUseCase: provider.makeMemberUseCase()),
                    serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                    navigator: navigator
                )
                return AnalysisLinkScreen(viewModel: viewModel, navigator: navigator)
            },
            format: format,
            waitTimeout: waitTimeout,
            terminalView: makeTerminalReportView(),
            standardOutput: standardOutput,
            standardError: standardError
        )
        flow.selection = sections
        if explain {
            flow.explain = true
            flow.hintView = makeTerminalHintView()
            flow.loadHint = { section in
                let navigator = TerminalNavigator()
                let screen = LoadScreen(viewModel: .hint(section, useCase: provider.makeHintUseCase(),
                                                         serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                                                         navigator: navigator),
                                        navigator: navigator)
                return try await screen.value(context: "hint for \(section.rawValue)")
            }
        }
        return flow
    }

    func makeApiFlow(include: Bool) throws -> ApiFlow {
        ApiFlow(useCase: try makeUseCaseProvider().makeRawRequestUseCase(), include: include, style: makeTextStyle(),
                standardOutput: standardOutput, standardInput: streams.input)
    }

    /// `report fetch` of several terms: up to `parallel` at once, on as many connections.
    func makeBatchFetchFlow(format: BatchFetchFlow.Format, sections: Set<ReportSection>?, waitTimeout: Duration?,
                            parallel: Int, unordered: Bool) throws -> BatchFetchFlow {
        BatchFetchFlow(
            fetchFlow: try makeFetchFlow(format: format.termFormat, sections: sections,
                                         waitTimeout: waitTimeout, connectionsPerHost: parallel),
            format: format,
            parallel: parallel,
            unordered: unordered,
            signInHint: signInHint,
            style: makeTextStyle(),
            standardOutput: standardOutput,
            standardError: standardError
        )
    }

    func makeTextStyle() -> TextStyle {
        TextStyle(enabled: environment.allowsColor(on: standardOutput, choice: color))
    }

    func makeServiceStatusScreen() throws -> LoadScreen<ServiceStatusViewData> {
        let provider = try makeUseCaseProvider()
        let navigator = TerminalNavigator()
        return LoadScreen(viewModel: .serviceStatus(useCase: provider.makeServiceCheckUseCase(), navigator: navigator),
                          navigator: navigator)
    }

    func makeHintScreen(_ section: ReportSection) throws -> LoadScreen<HintViewData> {
        let provider = try makeUseCaseProvider()
        let navigator = TerminalNavigator()
        return LoadScreen(viewModel: .hint(section, useCase: provider.makeHintUseCase(),
                                           serviceCheckUseCase: provider.makeServiceCheckUseCase(), navigator: navigator),
                          navigator: navigator)
    }

    func makeTerminalHintView() -> TerminalHintView {
        TerminalHintView(style: makeTextStyle(), columns: standardOutput.columns)
    }

    func makeListFlow(pageSize: Int, format: ListFlow.Format) throws -> ListFlow {
        let provider = try makeUseCaseProvider()
        let navigator = TerminalNavigator()
        return ListFlow(
            viewModel: makeInterviewListViewModel(pageSize: pageSize, provider: provider, navigator: navigator),
            navigator: navigator, format: format, style: makeTextStyle(),
            standardOutput: standardOutput, standardError: standardError)
    }

    /// `report fetch --latest`: the newest interview whose analysis is done.
    func makeLatestTermScreen() throws -> LatestTermScreen {
        let provider = try makeUseCaseProvider()
        let navigator = TerminalNavigator()
        return LatestTermScreen(
            viewModel: makeInterviewListViewModel(pageSize: ListCommand.defaultPageSize, provider: provider, navigator: navigator),
            navigator: navigator)
    }

    /// The list of completed interviews, as `list` and `fetch --latest` both page through it.
    private func makeInterviewListViewModel(pageSize: Int, provider: any UseCaseProvider,
                                            navigator: TerminalNavigator) -> InterviewListViewModel {
        InterviewListViewModel(pageSize: pageSize, useCase: provider.makeInterviewListUseCase(),
                               serviceCheckUseCase: provider.makeServiceCheckUseCase(), navigator: navigator)
    }

    func makeCheckFlow(json: Bool) throws -> CheckFlow {
        let provider = try makeUseCaseProvider()
        return CheckFlow(
            makeViewModel: { termNo in
                SmokeCheckViewModel(termNo: termNo, serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                                    interviewListUseCase: provider.makeInterviewListUseCase(),
                                    interviewUseCase: provider.makeInterviewUseCase(),
                                    analysisReportUseCase: provider.makeAnalysisReportUseCase())
            },
            json: json, style: makeTextStyle(), standardOutput: standardOutput)
    }

    /// `report auth …`. Login and logout pass `storedCredentialsOnly`: they manage the stored
    /// credentials even while REPORT_TOKEN is set (and say that it still overrides them).
    func makeAuthFlow(json: Bool, storedCredentialsOnly: Bool) throws -> AuthFlow {
        let settings = try makeSettings()
        let provider = try makeUseCaseProvider(settings: settings, usingEnvironmentToken: !storedCredentialsOnly)
        return AuthFlow(
            authUseCase: provider.makeAuthUseCase(),
            profile: settings.profile,
            baseURL: settings.baseURL,
            environmentTokenIsSet: settings.accessToken != nil,
            signInCommand: settings.signInCommand,
            json: json,
            tokenReader: TokenReader(prompt: standardError, input: streams.input),
            clock: context.clock,
            standardOutput: standardOutput,
            standardError: standardError
        )
    }
}
