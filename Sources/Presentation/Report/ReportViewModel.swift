import Domain
import Synchronization

/// The report screen of one interview (the seed's ReportViewModel): the load trigger shows the
/// title, the total-report trigger fetches the analysis and shows its sections, the hint trigger
/// navigates to a section's hint. Sections are state; errors are events; login and hints go
/// through the navigator.
public final class ReportViewModel: ViewModelType, Sendable {
    public struct Input: Sendable {
        public let loadTrigger: AsyncStream<Void>
        public let totalReportTrigger: AsyncStream<Void>
        public let toHintTrigger: AsyncStream<ReportSection>

        public init(loadTrigger: AsyncStream<Void>, totalReportTrigger: AsyncStream<Void>,
                    toHintTrigger: AsyncStream<ReportSection>) {
            self.loadTrigger = loadTrigger
            self.totalReportTrigger = totalReportTrigger
            self.toHintTrigger = toHintTrigger
        }
    }

    public struct Output: Sendable {
        public let state: StateStream<ReportViewState>
        public let error: EventStream<ReportErrorEvent>
    }

    private let termNo: TermNumber
    private let interviewUseCase: any InterviewUseCase
    private let loader: ReportLoader
    private let errorRouter: ErrorRouter
    private let navigator: any ReportNavigator
    /// The interview fetch, shared by the load and total-report triggers so it happens once.
    private let interviewFetch = Mutex(InterviewFetch())

    private struct InterviewFetch {
        var task: Task<InterviewTerm, any Error>?
        /// The interview it found.
        var found: InterviewTerm?
        /// Whether it failed. A failed fetch is still the answer for a trigger that has not asked
        /// for it yet — the other trigger of the same round, which `report fetch` fires at once
        /// but a loaded machine may handle only after the failure — and asked again by a trigger
        /// that has seen it fail (a retry, a `--wait` poll).
        var failed = false
        var askedBy: Set<ReportErrorEvent.Trigger> = []
    }

    /// `sections` limits the report to those sections (nil: all that the interview's kind shows);
    /// `.video` among them adds the video report, fetched at the same time as the main report.
    /// The service-check use case explains a 503 (the seed's BaseViewModel does the same).
    public init(termNo: TermNumber, sections: Set<ReportSection>? = nil,
                interviewUseCase: any InterviewUseCase,
                analysisReportUseCase: any AnalysisReportUseCase,
                videoReportUseCase: (any VideoReportUseCase)? = nil,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                navigator: any ReportNavigator) {
        self.termNo = termNo
        self.interviewUseCase = interviewUseCase
        self.loader = ReportLoader(selection: sections, analysisReportUseCase: analysisReportUseCase,
                                   videoReportUseCase: videoReportUseCase)
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
        self.navigator = navigator
    }

    public func transform(input: Input) -> Output {
        let state = Relay(ReportViewState.initial)
        let errors = Relay<ReportErrorEvent>()

        let load = Task {
            for await _ in input.loadTrigger {
                do {
                    let interview = try await self.interview(for: .load)
                    state.update { $0.title = SectionFormatter.title(interview) }
                } catch {
                    await self.report(error, trigger: .load, to: errors)
                }
            }
        }
        let totalReport = Task {
            for await _ in input.totalReportTrigger {
                await self.loadReport(state: state, errors: errors)
            }
        }
        Task {
            for await section in input.toHintTrigger {
                self.navigator.toHint(section)
            }
            _ = await (load.value, totalReport.value)
            state.finish()
            errors.finish()
        }
        return Output(state: state.state, error: errors.events)
    }

    private func loadReport(state: Relay<ReportViewState>, errors: Relay<ReportErrorEvent>) async {
        state.update { $0.analysis = .loading }
        // An interview still being analysed changes status: ask for it again with the report.
        interviewFetch.withLock { fetch in
            if let found = fetch.found, found.analysisStatus != .done { fetch = InterviewFetch() }
        }
        do {
            // The title, the report and the video report are independent requests: asked at once.
            let (title, analysis) = try await loader.load(termNo) { try await self.interview(for: .totalReport) }
            state.update { screen in
                screen.title = title
                screen.analysis = analysis
            }
            if case .failed = analysis {
                errors.accept(ReportErrorEvent(trigger: .totalReport, error: .analysisFailed(termNo)))
            }
        } catch {
            state.update { $0.analysis = .notRequested }
            await report(error, trigger: .totalReport, to: errors)
        }
    }

    private func interview(for trigger: ReportErrorEvent.Trigger) async throws -> InterviewTerm {
        let task = interviewFetch.withLock { fetch in
            if let task = fetch.task, !(fetch.failed && fetch.askedBy.contains(trigger)) {
                fetch.askedBy.insert(trigger)
                return task
            }
            let useCase = interviewUseCase
            let termNo = termNo
            let task = Task { try await useCase.interview(termNo: termNo) }
            fetch = InterviewFetch(task: task, askedBy: [trigger])
            return task
        }
        do {
            let interview = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            interviewFetch.withLock { if $0.task == task { $0.found = interview } }
            return interview
        } catch {
            interviewFetch.withLock { if $0.task == task { $0.failed = true } }
            throw error
        }
    }

    private func report(_ error: any Error, trigger: ReportErrorEvent.Trigger, to errors: Relay<ReportErrorEvent>) async {
        if let reportError = await errorRouter.route(error) {
            errors.accept(ReportErrorEvent(trigger: trigger, error: reportError))
        }
    }
}
