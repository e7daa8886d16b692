import Domain
import Presentation
import Terminal

extension AppContainer {
    /// The loader of `compare` and `trend`: reports asked for `parallel` at a time, over as many
    /// connections (the batch's transport, and whatever the Data layer keeps).
    func makeProgressLoader(parallel: Int) throws -> (ProgressLoader, any ServiceCheckUseCase) {
        let provider = try makeUseCaseProvider(connectionsPerHost: parallel)
        let loader = ProgressLoader(interviewUseCase: provider.makeInterviewUseCase(),
                                    analysisReportUseCase: provider.makeAnalysisReportUseCase(),
                                    interviewListUseCase: provider.makeInterviewListUseCase(),
                                    videoReportUseCase: provider.makeVideoReportUseCase(), parallel: parallel)
        return (loader, provider.makeServiceCheckUseCase())
    }

    func makeCompareScreen(_ request: CompareRequest) throws -> LoadViewModel<ComparisonViewData> {
        let (loader, serviceCheckUseCase) = try makeProgressLoader(parallel: 2)
        return .comparison(request, loader: loader, serviceCheckUseCase: serviceCheckUseCase,
                           navigator: TerminalNavigator())
    }

    func makeTrendScreen(_ request: TrendRequest, parallel: Int) throws -> LoadViewModel<TrendViewData> {
        let (loader, serviceCheckUseCase) = try makeProgressLoader(parallel: parallel)
        return .trend(request, loader: loader, serviceCheckUseCase: serviceCheckUseCase,
                      navigator: TerminalNavigator())
    }

    func makeProgressView() -> TerminalProgressView {
        TerminalProgressView(style: makeTextStyle(), columns: standardOutput.columns, words: ProgressWords(makeWords()))
    }
}
