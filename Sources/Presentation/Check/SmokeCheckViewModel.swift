import Domain

/// `report check`: the checks a CI smoke test needs, in order — the service is reachable and not
/// under maintenance, the credentials work (refreshed if needed), and a report fetches and
/// decodes. The output is the run's states, one after each check, read as they come: each check
/// runs when the next state is asked for (nothing runs ahead, in no task of its own); after a
/// failure the rest are skipped, since they could only fail for the same reason.
public struct SmokeCheckViewModel: Sendable {
    /// One run of the checks.
    public struct Input: Sendable {
        public init() {}
    }

    public struct Output: Sendable {
        /// The state after each check; the last one is finished.
        public let states: SmokeCheckRun
    }

    private let checks: SmokeCheckRun.Checks

    /// Without `termNo`, the newest listed interview whose analysis is done is fetched.
    public init(termNo: TermNumber?, serviceCheckUseCase: any ServiceCheckUseCase,
                interviewListUseCase: any InterviewListUseCase, interviewUseCase: any InterviewUseCase,
                analysisReportUseCase: any AnalysisReportUseCase) {
        checks = SmokeCheckRun.Checks(
            termNo: termNo, serviceCheckUseCase: serviceCheckUseCase, interviewListUseCase: interviewListUseCase,
            reportLoader: ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase))
    }

    public func transform(input: Input) -> Output {
        Output(states: SmokeCheckRun(checks: checks))
    }
}

/// One run of the smoke checks, as the states after each check: a check runs when its state is
/// asked for.
public struct SmokeCheckRun: AsyncSequence, Sendable {
    public typealias Element = SmokeCheckState
    public typealias Failure = Never

    struct Checks: Sendable {
        let termNo: TermNumber?
        let serviceCheckUseCase: any ServiceCheckUseCase
        let interviewListUseCase: any InterviewListUseCase
        let reportLoader: ReportLoader
    }

    let checks: Checks

    public func makeAsyncIterator() -> Iterator {
        Iterator(checks: checks)
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Failure = Never
        let checks: Checks
        private var state = SmokeCheckState(results: [], isFinished: false)
        private var failed = false
        private var listed: InterviewTerm?
        private let clock = ContinuousClock()

        init(checks: Checks) {
            self.checks = checks
        }

        public mutating func next() async -> SmokeCheckState? {
            guard !state.isFinished else { return nil }
            let check = SmokeCheck.allCases[state.results.count]
            state.results.append(await run(check))
            state.isFinished = state.results.count == SmokeCheck.allCases.count
            return state
        }

        private mutating func run(_ check: SmokeCheck) async -> SmokeCheckResult {
            if failed {
                return SmokeCheckResult(check: check, outcome: .skipped, finding: .skipped, duration: .zero)
            }
            let start = clock.now
            let outcome: (SmokeCheckResult.Outcome, SmokeCheckResult.Finding)
            // The report check's term, `--term` or the newest listed: named when it fails too.
            let term = check == .report ? checks.termNo ?? listed?.termNo : nil
            do {
                switch check {
                case .service:
                    let status = try await checks.serviceCheckUseCase.status()
                    if status.isUnderMaintenance {
                        throw ReportError.unavailable(ServiceOutage(message: status.message, until: status.until, isMaintenance: true))
                    }
                    outcome = (.passed, .operational)
                case .credentials:
                    let page = try await checks.interviewListUseCase.completedInterviews(page: 1, size: 20)
                    listed = page.items.first { $0.analysisStatus == .done }
                    outcome = (.passed, .accepted(total: page.total))
                case .report:
                    guard let term = checks.termNo ?? listed?.termNo else {
                        throw ReportError.notFound(Detail(.detailNothingToCheck))
                    }
                    let snapshot = try await checks.reportLoader.snapshot(term)
                    let sections = snapshot.interview.itemType.sections(of: snapshot.report)
                    let available = sections.filter { snapshot.report.hasData(for: $0) }.count
                    outcome = (.passed, .decoded(term: term, available: available, sections: sections.count))
                }
            } catch {
                failed = true
                outcome = (.failed(ReportError(error)), .none)
            }
            var result = SmokeCheckResult(check: check, outcome: outcome.0, finding: outcome.1, duration: clock.now - start)
            result.term = term
            return result
        }
    }
}
