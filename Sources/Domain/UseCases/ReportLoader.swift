/// Loads one term's report: the interview, the analysis report and, when the video section is
/// asked for, the video report — independent requests, asked for at once, each once a load.
public struct ReportLoader: Sendable {
    private let interviewUseCase: any InterviewUseCase
    private let analysisReportUseCase: any AnalysisReportUseCase
    private let videoReportUseCase: (any VideoReportUseCase)?
    /// The sections to show (nil: all that the interview's kind shows); `.video` adds the video report.
    private let selection: Set<ReportSection>?

    public init(interviewUseCase: any InterviewUseCase, analysisReportUseCase: any AnalysisReportUseCase,
                videoReportUseCase: (any VideoReportUseCase)? = nil, selection: Set<ReportSection>? = nil) {
        self.interviewUseCase = interviewUseCase
        self.analysisReportUseCase = analysisReportUseCase
        self.videoReportUseCase = videoReportUseCase
        self.selection = selection
    }

    /// The report of `termNo`, ready or pending; `analysisFailed` when the service could not
    /// analyse the interview, the first error of the requests otherwise.
    public func load(_ termNo: TermNumber) async throws -> TermReport {
        let videoUseCase = ReportSection.wantsVideo(selection) ? videoReportUseCase : nil
        async let interview = interviewUseCase.interview(termNo: termNo)
        async let result = analysisReportUseCase.analysisReport(termNo: termNo)
        async let video = videoUseCase?.videoReport(termNo: termNo)
        let report = TermReport(interview: try await interview, result: try await result, selection: selection,
                                video: try await video)
        if report.outcome == .failed { throw ReportError.analysisFailed(termNo) }
        return report
    }

    /// One finished report; throws `analysisPending` (or, as `load`, `analysisFailed`) when it is not one.
    public func snapshot(_ termNo: TermNumber) async throws -> ReportSnapshot {
        let loaded = try await load(termNo)
        guard case .ready(let report) = loaded.outcome else { throw ReportError.analysisPending(termNo) }
        return ReportSnapshot(interview: loaded.interview, report: report)
    }
}
