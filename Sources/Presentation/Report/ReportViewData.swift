import Domain

/// What the report screen shows of one term: the report as loaded, formatted for display when a
/// view asks for its title or sections. A view that writes the entities themselves (`--json`)
/// reads `report` and formats nothing.
public struct ReportViewData: Hashable, Sendable {
    public let report: TermReport

    public init(_ report: TermReport) {
        self.report = report
    }

    /// The title section: which interview this is (in English).
    public var title: TitleViewData { title(.english) }

    /// The sections in the order the interview's kind shows them, title first; empty while the
    /// analysis is pending (in English).
    public var sections: [SectionViewData] { sections(.english) }

    /// The title in the language of `words`: the view that shows it chooses.
    public func title(_ words: Words) -> TitleViewData { SectionFormatter.title(report.interview, words: words) }

    /// The sections in the language of `words`.
    public func sections(_ words: Words) -> [SectionViewData] { SectionFormatter.sections(of: report, words: words) }

    /// Whether the service is still analysing the interview.
    public var isPending: Bool { report.outcome == .pending }
}

/// The report screen of one interview (the seed's ReportViewModel): each load trigger asks for
/// the interview, the analysis report and the selected video report at once, through
/// `ReportLoader`, and shows them (a `--wait` poll is the trigger fired again). The report is
/// state — pending until the analysis is done —; a failed analysis and every other failure are
/// error events; rejected credentials navigate to login.
public typealias ReportViewModel = LoadViewModel<ReportViewData>

extension LoadViewModel where Value == ReportViewData {
    /// The report screen of `termNo`. `sections` limits the report to those sections (nil: all
    /// that the interview's kind shows); `.video` among them adds the video report. The
    /// service-check use case explains a 503 (the seed's BaseViewModel does the same).
    public static func report(_ termNo: TermNumber, sections: Set<ReportSection>? = nil,
                              interviewUseCase: any InterviewUseCase,
                              analysisReportUseCase: any AnalysisReportUseCase,
                              videoReportUseCase: (any VideoReportUseCase)? = nil,
                              serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                              navigator: any LoginNavigator) -> ReportViewModel {
        let loader = ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase,
                                  videoReportUseCase: videoReportUseCase, selection: sections)
        return LoadViewModel(load: { ReportViewData(try await loader.load(termNo)) },
                             serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}
