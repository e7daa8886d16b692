import Domain

/// The report screen of many terms at once (`report fetch` with several terms): one for the whole
/// batch, and a term is one call of `report(_:)` — its requests, and nothing of its own besides.
/// The loading and its rules are the one-term screen's (`ReportViewModel`): the same
/// `ReportLoader`, the same failures.
///
/// A batch does not navigate: a term that needs a sign-in fails with `.unauthorized`, which the
/// caller reports like any other error.
public struct ReportBatchViewModel: Sendable {
    private let loader: ReportLoader
    private let errorRouter: ErrorRouter

    /// `sections` and the use cases as for `ReportViewModel`.
    public init(sections: Set<ReportSection>? = nil,
                interviewUseCase: any InterviewUseCase,
                analysisReportUseCase: any AnalysisReportUseCase,
                videoReportUseCase: (any VideoReportUseCase)? = nil,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil) {
        loader = ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase,
                              videoReportUseCase: videoReportUseCase, selection: sections)
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: nil)
    }

    /// The report of `termNo` (ready or pending), or why there is none.
    public func report(_ termNo: TermNumber) async -> Result<ReportViewData, ReportError> {
        do {
            return .success(ReportViewData(try await loader.load(termNo)))
        } catch {
            return .failure((try? await errorRouter.route(error)) ?? .cancelled)
        }
    }
}
