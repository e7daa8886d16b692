import Domain

/// Asks for one term's report — the interview, the analysis report and, when its section is
/// selected, the video report, all at once — and turns the answers into what the report screen
/// shows. Shared by the screen of one term (`ReportViewModel`) and of many (`ReportBatchViewModel`).
struct ReportLoader: Sendable {
    /// The sections to show (nil: all that the interview's kind shows); `.video` adds the video report.
    let selection: Set<ReportSection>?
    let analysisReportUseCase: any AnalysisReportUseCase
    let videoReportUseCase: (any VideoReportUseCase)?

    private var wantsVideo: Bool { ReportSection.wantsVideo(selection) && videoReportUseCase != nil }

    /// The title and the analysis of `termNo`; the first error of the requests otherwise.
    /// `interview` gets the interview: the one-term screen shares that request between its triggers.
    /// The analysis is `.failed` when the service could not analyse the interview.
    func load(_ termNo: TermNumber, interview: @escaping @Sendable () async throws -> InterviewTerm) async throws
        -> (title: TitleViewData, analysis: ReportViewState.Analysis) {
        async let interviewResult = interview()
        async let reportResult = analysisReportUseCase.analysisReport(termNo: termNo)
        async let videoResult = wantsVideo ? videoReportUseCase?.videoReport(termNo: termNo) : nil
        let interview = try await interviewResult
        let result = try await reportResult
        let video = try await videoResult
        return (SectionFormatter.title(interview),
                SectionFormatter.analysis(interview: interview, result: result, only: selection,
                                          video: wantsVideo ? .some(video) : .none))
    }
}
