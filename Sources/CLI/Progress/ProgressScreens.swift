import Domain
import Presentation
import Terminal

extension AppContainer {
    /// The loader of `compare` and `trend`: reports asked for `parallel` at a time, over as many
    /// connections (the batch's transport, and whatever the Data layer keeps).
    func makeProgressLoader(parallel: Int) throws -> (ProgressLoader, any UseCaseProvider) {
        let provider = try makeUseCaseProvider(connectionsPerHost: parallel)
        let loader = ProgressLoader(interviewUseCase: provider.makeInterviewUseCase(),
                                    analysisReportUseCase: provider.makeAnalysisReportUseCase(),
                                    interviewListUseCase: provider.makeInterviewListUseCase(),
                                    videoReportUseCase: provider.makeVideoReportUseCase(), parallel: parallel)
        return (loader, provider)
    }

    func makeCompareScreen(_ request: CompareRequest) throws -> LoadScreen<ComparisonViewData> {
        let (loader, provider) = try makeProgressLoader(parallel: 2)
        let navigator = TerminalNavigator()
        return LoadScreen(viewModel: .comparison(request, loader: loader, serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                                                 navigator: navigator),
                          navigator: navigator)
    }

    func makeTrendScreen(_ request: TrendRequest, parallel: Int) throws -> LoadScreen<TrendViewData> {
        let (loader, provider) = try makeProgressLoader(parallel: parallel)
        let navigator = TerminalNavigator()
        return LoadScreen(viewModel: .trend(request, loader: loader, serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                                            navigator: navigator),
                          navigator: navigator)
    }

    func makeProgressView() -> TerminalProgressView {
        TerminalProgressView(style: makeTextStyle(), columns: standardOutput.columns, words: ProgressWords(makeWords()))
    }
}
