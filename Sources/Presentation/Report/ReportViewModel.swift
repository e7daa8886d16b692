import Domain

/// The report screen of one interview (the seed's ReportViewModel): each load trigger asks for
/// the interview, the analysis report and the selected video report at once, through
/// `ReportLoader`, and shows them (a `--wait` poll is the trigger fired again). The report is
/// state — pending until the analysis is done —; a failed analysis and every other failure are
/// error events; rejected credentials navigate to login.
public typealias ReportViewModel = LoadViewModel<ReportViewData>

extension LoadViewModel where Value == ReportViewData {
    /// `sections` limits the report to those sections (nil: all that the interview's kind shows);
    /// `.video` among them adds the video report. The service-check use case explains a 503 (the
    /// seed's BaseViewModel does the same).
    public convenience init(termNo: TermNumber, sections: Set<ReportSection>? = nil,
                            interviewUseCase: any InterviewUseCase,
                            analysisReportUseCase: any AnalysisReportUseCase,
                            videoReportUseCase: (any VideoReportUseCase)? = nil,
                            serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                            navigator: any LoginNavigator) {
        let loader = ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase,
                                  videoReportUseCase: videoReportUseCase, selection: sections)
        self.init(load: { ReportViewData(try await loader.load(termNo)) },
                  serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}
