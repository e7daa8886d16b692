import Domain
import Presentation
import Terminal

extension AppContainer {
    /// `report watch`: the fetch flow's polling with `waitTimeout`, every term on one provider
    /// (`terms` of them at once), and for a watch without terms the list of interviews.
    func makeWatchFlow(terms: Int, format: WatchFlow.Format, waitTimeout: Duration, exec: ChildCommand?) throws -> WatchFlow {
        let path = environment.variables["PATH"]
        if let exec, !exec.isRunnable(path: path) {
            let program = PrintableText.line(exec.words[0])
            throw CLIError(.watchExecNotFound, ["program": .data(program)], hint: .hintExecPath, kind: .usage)
        }
        let words = makeWords()
        let provider = try makeUseCaseProvider(connectionsPerHost: max(2, 2 * terms))
        let fetchFlow = FetchFlow(
            viewModel: ReportViewModel(
                interviewUseCase: provider.makeInterviewUseCase(),
                analysisReportUseCase: provider.makeAnalysisReportUseCase(),
                serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                navigator: TerminalNavigator()
            ),
            format: .json(pretty: false),
            waitTimeout: waitTimeout,
            terminalView: makeTerminalReportView(),
            standardOutput: standardOutput,
            standardError: standardError
        )
        let list = terms == 0
            ? InterviewListViewModel(pageSize: 100, useCase: provider.makeInterviewListUseCase(),
                                     serviceCheckUseCase: provider.makeServiceCheckUseCase(), navigator: TerminalNavigator())
            : nil
        // Children get the run's environment without its secret: REPORT_TOKEN is never passed on
        // (docs/THREAT-MODEL.md); REPORT_BASE_URL and REPORT_PROFILE are, so that a `report` the
        // command runs asks the same service as the same profile.
        let variables = environment.variables.filter { $0.key != "REPORT_TOKEN" }.map { "\($0.key)=\($0.value)" }
        return WatchFlow(fetchFlow: fetchFlow, list: list, format: format, waitTimeout: waitTimeout, exec: exec,
                         notifier: WatchNotifier(standardError: standardError, path: path, environment: variables),
                         environment: variables, words: words, signInHint: signInHint,
                         standardOutput: standardOutput, standardError: standardError)
    }
}
