/// Loads finished reports for `compare` and `trend`: one term (its interview and report), or
/// the interviews whose analysis is done from the list, and their reports a few at a time.
public struct ProgressLoader: Sendable {
    let reportLoader: ReportLoader
    let analysisReportUseCase: any AnalysisReportUseCase
    let interviewListUseCase: any InterviewListUseCase
    /// How many reports are asked for at once.
    let parallel: Int

    public init(interviewUseCase: any InterviewUseCase, analysisReportUseCase: any AnalysisReportUseCase,
                interviewListUseCase: any InterviewListUseCase, parallel: Int = 8) {
        reportLoader = ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase)
        self.analysisReportUseCase = analysisReportUseCase
        self.interviewListUseCase = interviewListUseCase
        self.parallel = max(1, parallel)
    }

    /// One finished report; throws `analysisPending` or `analysisFailed` when it is not one.
    public func snapshot(_ termNo: TermNumber) async throws -> ReportSnapshot {
        try await reportLoader.snapshot(termNo)
    }

    /// The interviews whose analysis is done, newest first, that `filter` keeps and that were
    /// taken on or after `since` (a `YYYY-MM-DD` date, compared with the interview's own local
    /// date); at most `limit`, asking for pages until that many are found or the list ends.
    public func doneInterviews(filter: InterviewFilter, since: String?, limit: Int?) async throws -> [InterviewTerm] {
        var keep = filter
        keep.statuses = [.done]
        var found: [InterviewTerm] = []
        var sequence = InterviewPageSequence()
        var page = 1
        while true {
            let interviews = try await interviewListUseCase.completedInterviews(page: page, size: 100)
            let more = try sequence.accept(interviews, requested: page)
            for interview in interviews.items where keep.matches(interview) {
                if let since, let date = interview.registeredAt, date.prefix(10) < since { continue }
                found.append(interview)
                if let limit, found.count == limit { return found }
            }
            guard more else { return found }
            page += 1
        }
    }

    /// The reports of `interviews`, `parallel` at a time, in the order given; one whose analysis
    /// turns out not to be ready (the list said done) is left out.
    public func snapshots(of interviews: [InterviewTerm]) async throws -> [ReportSnapshot] {
        try await withThrowingTaskGroup(of: (Int, ReportSnapshot?).self) { group in
            var results = [ReportSnapshot?](repeating: nil, count: interviews.count)
            var next = 0
            func start() {
                guard next < interviews.count else { return }
                let (index, interview) = (next, interviews[next])
                next += 1
                group.addTask {
                    let result = try await analysisReportUseCase.analysisReport(termNo: interview.termNo)
                    guard case .ready(let report) = interview.analysisOutcome(result) else { return (index, nil) }
                    return (index, ReportSnapshot(interview: interview, report: report))
                }
            }
            for _ in 0..<parallel { start() }
            while let (index, snapshot) = try await group.next() {
                results[index] = snapshot
                start()
            }
            return results.compactMap { $0 }
        }
    }
}
