import Domain

/// `report check`: the checks a CI smoke test needs, in order — the service is reachable and not
/// under maintenance, the credentials work (refreshed if needed), and a report fetches and
/// decodes. Each result is state as soon as it is known; after a failure the rest are skipped,
/// since they could only fail for the same reason.
public final class SmokeCheckViewModel: ViewModelType, Sendable {
    public struct Input: Sendable {
        public let runTrigger: AsyncStream<Void>

        public init(runTrigger: AsyncStream<Void>) {
            self.runTrigger = runTrigger
        }
    }

    public struct Output: Sendable {
        public let state: StateStream<SmokeCheckState>
    }

    private let termNo: TermNumber?
    private let serviceCheckUseCase: any ServiceCheckUseCase
    private let interviewListUseCase: any InterviewListUseCase
    private let reportLoader: ReportLoader
    private let clock = ContinuousClock()

    /// Without `termNo`, the newest listed interview whose analysis is done is fetched.
    public init(termNo: TermNumber?, serviceCheckUseCase: any ServiceCheckUseCase,
                interviewListUseCase: any InterviewListUseCase, interviewUseCase: any InterviewUseCase,
                analysisReportUseCase: any AnalysisReportUseCase) {
        self.termNo = termNo
        self.serviceCheckUseCase = serviceCheckUseCase
        self.interviewListUseCase = interviewListUseCase
        reportLoader = ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase)
    }

    public func transform(input: Input) -> Output {
        let state = Relay(SmokeCheckState(results: [], isFinished: false))
        Task {
            for await _ in input.runTrigger {
                state.accept(SmokeCheckState(results: [], isFinished: false))
                await runChecks(into: state)
                state.update { $0.isFinished = true }
            }
            state.finish()
        }
        return Output(state: state.state)
    }

    private func runChecks(into state: Relay<SmokeCheckState>) async {
        var failed = false
        var listed: InterviewTerm?
        for check in SmokeCheck.allCases {
            if failed {
                state.update { $0.results.append(SmokeCheckResult(check: check, outcome: .skipped, finding: .skipped, duration: .zero)) }
                continue
            }
            let start = clock.now
            let outcome: (SmokeCheckResult.Outcome, SmokeCheckResult.Finding)
            do {
                switch check {
                case .service:
                    let status = try await serviceCheckUseCase.status()
                    if status.isUnderMaintenance {
                        throw ReportError.unavailable(ServiceOutage(message: status.message, until: status.until, isMaintenance: true))
                    }
                    outcome = (.passed, .operational)
                case .credentials:
                    let page = try await interviewListUseCase.completedInterviews(page: 1, size: 20)
                    listed = page.items.first { $0.analysisStatus == .done }
                    outcome = (.passed, .accepted(total: page.total))
                case .report:
                    guard let term = termNo ?? listed?.termNo else {
                        throw ReportError.notFound("no interview with a finished analysis to fetch; pass --term")
                    }
                    let snapshot = try await reportLoader.snapshot(term)
                    let sections = snapshot.interview.itemType.sections(of: snapshot.report)
                    let available = sections.filter { snapshot.report.hasData(for: $0) }.count
                    outcome = (.passed, .decoded(term: term, available: available, sections: sections.count))
                }
            } catch {
                failed = true
                let reportError = ReportError(error)
                outcome = (.failed(reportError), .none)
            }
            let duration = clock.now - start
            state.update { $0.results.append(SmokeCheckResult(check: check, outcome: outcome.0, finding: outcome.1, duration: duration)) }
        }
    }
}

/// The checks, in the order they run.
public enum SmokeCheck: String, CaseIterable, Hashable, Sendable {
    case service
    case credentials
    case report

    /// What the check proves, as a line of output (and the JSON document, in English) names it.
    public var title: String { title(.english) }

    public func title(_ words: Words) -> String {
        switch self {
        case .service: words[.checkService]
        case .credentials: words[.checkCredentials]
        case .report: words[.checkReport]
        }
    }
}

public struct SmokeCheckResult: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case passed
        case failed(ReportError)
        case skipped
    }

    /// What a check found, in words a view chooses the language of.
    public enum Finding: Hashable, Sendable {
        case operational
        case accepted(total: Int)
        case decoded(term: TermNumber, available: Int, sections: Int)
        case skipped
        /// A failure: the view describes the error.
        case none
    }

    public let check: SmokeCheck
    public let outcome: Outcome
    public let finding: Finding
    public let duration: Duration

    /// What was found, as the JSON document says it (in English).
    public var detail: String { detail(.english) }

    /// What was found, in the language of `words`; empty for a failure.
    public func detail(_ words: Words) -> String {
        switch finding {
        case .operational: words[.checkOperational]
        case .accepted(let total): words(.checkAccepted, ["total": String(total)])
        case .decoded(let term, let available, let sections):
            words(.checkDecoded, ["term": term.description, "available": String(available), "sections": String(sections)])
        case .skipped: words[.checkSkipped]
        case .none: ""
        }
    }
}

public struct SmokeCheckState: Hashable, Sendable {
    public internal(set) var results: [SmokeCheckResult]
    public internal(set) var isFinished: Bool

    /// The first failure, if any check failed.
    public var firstFailure: ReportError? {
        for result in results { if case .failed(let error) = result.outcome { return error } }
        return nil
    }
}
