import Data
import Domain
import Presentation

/// The composition root: the only place that knows the concrete types and wires them. Commands
/// ask it for what they need; nothing else constructs a use case, a view model or a view.
struct AppContainer: Sendable {
    let environment: AppEnvironment
    let connection: ConnectionOptions
    let standardOutput: StandardStream = .output
    let standardError: StandardStream = .error

    func makeCommandRunner(json: Bool) -> CommandRunner {
        CommandRunner(json: json, standardError: standardError)
    }

    func makeSettings() -> ServiceSettings {
        ServiceSettings(connection: connection, environment: environment)
    }

    func makeUseCaseProvider() throws -> any UseCaseProvider {
        let settings = makeSettings()
        do {
            return try NetworkUseCaseProvider(configuration: ServiceConfiguration(
                baseURL: settings.baseURL,
                accessToken: settings.accessToken,
                clientVersion: AppVersion.number
            ))
        } catch let error as ServiceConfigurationError {
            let fromFlag = connection.baseURL != nil
            throw CLIError(message: "invalid base URL \(fromFlag ? "--base-url" : "REPORT_BASE_URL"): \(error.description)",
                           hint: "use an http:// or https:// URL such as \(ServiceSettings.defaultBaseURL)",
                           status: fromFlag ? .usage : .configuration, code: "configuration")
        }
    }

    func makeTerminalReportView() -> TerminalReportView {
        TerminalReportView(
            style: makeTextStyle(),
            columns: standardOutput.columns
        )
    }

    func makeFetchFlow(json: Bool, sections: Set<ReportSection>? = nil, waitTimeout: Duration? = nil) throws -> FetchFlow {
        let provider = try makeUseCaseProvider()
        return FetchFlow(
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
            json: json,
            waitTimeout: waitTimeout,
            terminalView: makeTerminalReportView(),
            standardOutput: standardOutput,
            standardError: standardError
        )
    }

    func makeTextStyle() -> TextStyle {
        TextStyle(enabled: environment.allowsColor(on: standardOutput))
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
            viewModel: InterviewListViewModel(pageSize: pageSize, useCase: provider.makeInterviewListUseCase(),
                                              serviceCheckUseCase: provider.makeServiceCheckUseCase(), navigator: navigator),
            navigator: navigator, format: format, style: makeTextStyle(),
            standardOutput: standardOutput, standardError: standardError)
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
}
