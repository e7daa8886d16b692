import Domain

/// The report screen of one interview (the seed's ReportViewModel): one `transform` asks for the
/// interview, the analysis report and the selected video report at once, through `ReportLoader`
/// (a `--wait` poll is another `transform` of the same input). The report is state — pending
/// until the analysis is done —; a failed analysis and every other failure are the error event;
/// rejected credentials go to the navigator's sign-in. After a ready report the navigator is
/// asked for the hints to show with it.
public struct ReportViewModel: Sendable {
    public struct Input: Sendable {
        public let termNo: TermNumber

        public init(termNo: TermNumber) {
            self.termNo = termNo
        }
    }

    public struct Output: Sendable, Equatable {
        public let state: LoadState<ReportViewData>
        /// How to read the sections shown (`ReportNavigator.toHints(after:)`); empty while pending.
        public let hints: [HintViewData]
        /// Why there is no report; nil when there is, or when the user was sent to sign in.
        public let error: ReportError?
    }

    private let loader: ReportLoader
    private let errorRouter: ErrorRouter
    private let navigator: any ReportNavigator

    /// `sections` limits the report to those sections (nil: all that the interview's kind shows);
    /// `.video` among them adds the video report. The service-check use case explains a 503 (the
    /// seed's BaseViewModel does the same).
    public init(sections: Set<ReportSection>? = nil,
                interviewUseCase: any InterviewUseCase,
                analysisReportUseCase: any AnalysisReportUseCase,
                videoReportUseCase: (any VideoReportUseCase)? = nil,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                navigator: any ReportNavigator) {
        loader = ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase,
                              videoReportUseCase: videoReportUseCase, selection: sections)
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
        self.navigator = navigator
    }

    /// Loads the report of `input.termNo` once. Throws only what the navigator throws to end the
    /// screen (a sign-in the terminal cannot show, a hint that failed).
    public func transform(input: Input) async throws -> Output {
        let report: ReportViewData
        do {
            report = ReportViewData(try await loader.load(input.termNo))
        } catch {
            return Output(state: .idle, hints: [], error: try await errorRouter.route(error))
        }
        let hints = report.isPending ? [] : try await navigator.toHints(after: report)
        return Output(state: .loaded(report), hints: hints, error: nil)
    }
}
