/// Loads finished reports for `compare` and `trend`: one term (its interview and report), or
/// the interviews whose analysis is done from the list, and their reports (with their video
/// reports, when a video use case is given) a few at a time.
public struct ProgressLoader: Sendable {
    let reportLoader: ReportLoader
    let analysisReportUseCase: any AnalysisReportUseCase
    let interviewListUseCase: any InterviewListUseCase
    let videoReportUseCase: (any VideoReportUseCase)?
    /// How many reports are asked for at once.
    let parallel: Int

    public init(interviewUseCase: any InterviewUseCase, analysisReportUseCase: any AnalysisReportUseCase,
                interviewListUseCase: any InterviewListUseCase, videoReportUseCase: (any VideoReportUseCase)? = nil,
                parallel: Int = 8) {
        reportLoader = ReportLoader(interviewUseCase: interviewUseCase, analysisReportUseCase: analysisReportUseCase)
        self.analysisReportUseCase = analysisReportUseCase
        self.interviewListUseCase = interviewListUseCase
        self.videoReportUseCase = videoReportUseCase
        self.parallel = max(1, parallel)
    }

    /// One finished report; throws `analysisPending` or `analysisFailed` when it is not one.
    public func snapshot(_ termNo: TermNumber) async throws -> ReportSnapshot {
        async let snapshot = reportLoader.snapshot(termNo)
        async let video = videoReport(termNo)
        let loaded = try await snapshot
        return ReportSnapshot(interview: loaded.interview, report: loaded.report, video: try await video)
    }

    /// The video report; none when the interview has none, or (offline) when none was kept.
    private func videoReport(_ termNo: TermNumber) async throws -> VideoReport? {
        guard let videoReportUseCase else { return nil }
        do {
            return try await videoReportUseCase.videoReport(termNo: termNo)
        } catch ReportError.notCached {
            return nil
        }
    }

    /// The interviews whose analysis is done, newest first by the date they were taken
    /// (`InterviewDate`, whatever order the list is in), that `filter` keeps and that were taken
    /// on or after `since` and on or before `until` (`YYYY-MM-DD` dates, compared with the
    /// interview's own local date); the newest `limit`. The whole list is read: only then is
    /// it known which are the newest.
    public func doneInterviews(filter: InterviewFilter, since: String?, until: String? = nil,
                               limit: Int?) async throws -> [InterviewTerm] {
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
                if let until, let date = interview.registeredAt, date.prefix(10) > until { continue }
                found.append(interview)
            }
            guard more else { break }
            page += 1
        }
        let newest = Array(InterviewDate.oldestFirst(found, interview: { $0 }).reversed())
        return limit.map { Array(newest.prefix($0)) } ?? newest
    }

    /// The reports of `interviews`, `parallel` at a time, in the order given. One that cannot be
    /// fetched — gone (404), another member's, not readable, its analysis not ready after all
    /// (the list said done), the service failing on it — is left out with why
    /// (`LeftOutReport`), and the others are still shown; only what ends the whole command (a
    /// sign-in needed, rejected or changed; an interruption) is thrown.
    public func snapshots(of interviews: [InterviewTerm]) async throws -> ProgressReports {
        try await withThrowingTaskGroup(of: (Int, Result<ReportSnapshot, ReportError>).self) { group in
            var results = [Result<ReportSnapshot, ReportError>?](repeating: nil, count: interviews.count)
            var next = 0
            func start() {
                guard next < interviews.count else { return }
                let (index, interview) = (next, interviews[next])
                next += 1
                group.addTask {
                    do {
                        async let result = analysisReportUseCase.analysisReport(termNo: interview.termNo)
                        async let video = videoReport(interview.termNo)
                        switch interview.analysisOutcome(try await result) {
                        case .ready(let report):
                            return (index, .success(ReportSnapshot(interview: interview, report: report, video: try await video)))
                        case .pending: return (index, .failure(.analysisPending(interview.termNo)))
                        case .failed: return (index, .failure(.analysisFailed(interview.termNo)))
                        }
                    } catch {
                        return (index, .failure(try Self.leftOut(error)))
                    }
                }
            }
            for _ in 0..<parallel { start() }
            while let (index, result) = try await group.next() {
                results[index] = result
                start()
            }
            return ProgressReports(zip(interviews, results).map { ($0.termNo, $1!) })
        }
    }

    /// The terms' reports, all at once, in the order given; one that cannot be fetched is left
    /// out, as in `snapshots(of:)`.
    public func snapshots(of terms: [TermNumber]) async throws -> ProgressReports {
        try await withThrowingTaskGroup(of: (Int, Result<ReportSnapshot, ReportError>).self) { group in
            for (index, term) in terms.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await snapshot(term)))
                    } catch {
                        return (index, .failure(try Self.leftOut(error)))
                    }
                }
            }
            var results = [Result<ReportSnapshot, ReportError>?](repeating: nil, count: terms.count)
            for try await (index, result) in group { results[index] = result }
            return ProgressReports(zip(terms, results).map { ($0, $1!) })
        }
    }

    /// Why a report is left out; rethrows what ends the whole command instead.
    static func leftOut(_ error: any Error) throws -> ReportError {
        let reportError = error as? ReportError ?? (error is CancellationError ? .cancelled : .invalidResponse(.unexpected(String(describing: error))))
        switch reportError {
        case .unauthorized, .signInChanged, .cancelled: throw reportError
        default: return reportError
        }
    }
}
