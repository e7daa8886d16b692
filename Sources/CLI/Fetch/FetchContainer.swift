import Domain
import Presentation

extension AppContainer {
    func makeTerminalReportView() -> TerminalReportView {
        TerminalReportView(
            style: makeTextStyle(),
            columns: standardOutput.columns,
            words: makeWords()
        )
    }

    /// The connections a batch may keep open to the service: one for each request in flight, as
    /// `curl --parallel` has one for each transfer. Over HTTP/1.1 a connection carries one request
    /// at a time, and with one connection a term, half the requests of the terms in flight waited
    /// for the other half; over HTTP/2 the requests share the first connections whatever the limit.
    static func batchConnections(parallel: Int, sections: Set<ReportSection>?) -> Int {
        parallel * (ReportSection.wantsVideo(sections) ? 3 : 2)
    }

    /// `report fetch` of one term, or of one deep link (`link`: with the link's view model).
    func makeFetchFlow(format: FetchFlow.Format, sections: Set<ReportSection>? = nil, waitTimeout: Duration? = nil,
                       explain: Bool = false, link: Bool = false) throws -> FetchFlow {
        try makeFetchFlow(format: format, sections: sections, waitTimeout: waitTimeout, explain: explain, link: link,
                          provider: makeUseCaseProvider())
    }

    /// The flow on `provider`; a view model is made only for what it will do.
    private func makeFetchFlow(format: FetchFlow.Format, sections: Set<ReportSection>?, waitTimeout: Duration?,
                               explain: Bool, link: Bool, provider: UseCaseProvider) -> FetchFlow {
        let serviceCheckUseCase = provider.makeServiceCheckUseCase()
        let hints = explain ? TerminalNavigator.Hints(useCase: provider.makeHintUseCase(), serviceCheckUseCase: serviceCheckUseCase) : nil
        let navigator = TerminalNavigator(hints: hints)
        var flow = FetchFlow(
            viewModel: ReportViewModel(
                sections: sections,
                interviewUseCase: provider.makeInterviewUseCase(),
                analysisReportUseCase: provider.makeAnalysisReportUseCase(),
                videoReportUseCase: provider.makeVideoReportUseCase(),
                serviceCheckUseCase: serviceCheckUseCase,
                navigator: navigator
            ),
            format: format,
            waitTimeout: waitTimeout,
            terminalView: makeTerminalReportView(),
            standardOutput: standardOutput,
            standardError: standardError
        )
        if link {
            flow.linkViewModel = AnalysisLinkViewModel(useCase: OpenAnalysisLinkUseCase(memberUseCase: provider.makeMemberUseCase()),
                                                       serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
        }
        flow.selection = sections
        flow.exportedAt = context.clock.secondsSince1970()
        if explain { flow.hintView = makeTerminalHintView() }
        return flow
    }

    /// `report fetch` of several terms: up to `parallel` at once, each with its requests at once
    /// (the interview and the report, and the video report when asked for).
    func makeBatchFetchFlow(format: BatchFetchFlow.Format, sections: Set<ReportSection>?, waitTimeout: Duration?,
                            parallel: Int, unordered: Bool) throws -> BatchFetchFlow {
        let provider = try makeUseCaseProvider(connectionsPerHost: Self.batchConnections(parallel: parallel, sections: sections))
        return BatchFetchFlow(
            fetchFlow: makeFetchFlow(format: format.termFormat, sections: sections, waitTimeout: waitTimeout,
                                     explain: false, link: false, provider: provider),
            viewModel: ReportBatchViewModel(sections: sections, interviewUseCase: provider.makeInterviewUseCase(),
                                            analysisReportUseCase: provider.makeAnalysisReportUseCase(),
                                            videoReportUseCase: provider.makeVideoReportUseCase(),
                                            serviceCheckUseCase: provider.makeServiceCheckUseCase()),
            format: format,
            parallel: parallel,
            unordered: unordered,
            signInHint: signInHint,
            style: makeTextStyle(),
            standardOutput: standardOutput,
            standardError: standardError
        )
    }
}
