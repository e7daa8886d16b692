import Domain

/// The report screen of many terms at once (`report fetch` with several terms): each request on
/// the load trigger gives exactly one result, the term's report or its error, on the output.
/// One view model serves the whole batch — a term costs its requests, not a view model, streams
/// and tasks of its own (with one `ReportViewModel` a term, those were a third of a batch's CPU
/// time). The loading and its rules are `ReportViewModel`'s, through the same `ReportLoader`.
///
/// Requests run as they arrive; the caller paces them. A batch does not navigate: a term that
/// needs a sign-in fails with `.unauthorized`, which the caller reports like any other error.
public final class ReportBatchViewModel: ViewModelType, Sendable {
    /// One term to load. `id` tells the results apart when a term is asked for more than once.
    public struct Request: Sendable, Hashable {
        public let id: Int
        public let termNo: TermNumber

        public init(id: Int, termNo: TermNumber) {
            self.id = id
            self.termNo = termNo
        }
    }

    public struct Result: Sendable {
        public let request: Request
        public let outcome: Outcome
    }

    public enum Outcome: Sendable {
        /// The title and the analysis: `.ready` with the sections, or `.pending` or `.failed`.
        case report(title: TitleViewData, analysis: ReportViewState.Analysis)
        case failure(ReportError)
    }

    public struct Input: Sendable {
        public let loadTrigger: AsyncStream<Request>

        public init(loadTrigger: AsyncStream<Request>) {
            self.loadTrigger = loadTrigger
        }
    }

    public struct Output: Sendable {
        /// One result a request, in the order they finish; ends after the trigger ends and every
        /// request has its result.
        public let results: EventStream<Result>
    }

    private let interviewUseCase: any InterviewUseCase
    private let loader: ReportLoader
    private let errorRouter: ErrorRouter

    /// `sections` and the use cases as for `ReportViewModel`.
    public init(sections: Set<ReportSection>? = nil,
                interviewUseCase: any InterviewUseCase,
                analysisReportUseCase: any AnalysisReportUseCase,
                videoReportUseCase: (any VideoReportUseCase)? = nil,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil) {
        self.interviewUseCase = interviewUseCase
        self.loader = ReportLoader(selection: sections, analysisReportUseCase: analysisReportUseCase,
                                   videoReportUseCase: videoReportUseCase)
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: nil)
    }

    public func transform(input: Input) -> Output {
        let results = Relay<Result>()
        Task {
            await withDiscardingTaskGroup { group in
                for await request in input.loadTrigger {
                    group.addTask { results.accept(await self.load(request)) }
                }
            }
            results.finish()
        }
        return Output(results: results.events)
    }

    private func load(_ request: Request) async -> Result {
        let useCase = interviewUseCase
        do {
            let (title, analysis) = try await loader.load(request.termNo) {
                try await useCase.interview(termNo: request.termNo)
            }
            return Result(request: request, outcome: .report(title: title, analysis: analysis))
        } catch {
            return Result(request: request, outcome: .failure(await errorRouter.route(error) ?? .cancelled))
        }
    }
}
