import Domain

/// `report sync`: one finished term brought into the report store — its interview, its analysis
/// report and its video report — through the store's conditional requests, saying for each
/// response whether it was downloaded, found unchanged (304) or still fresh (no request). Runs are
/// resumed: a sync stopped part way (Ctrl-C) does not ask again for the terms it brought in.
public struct NetworkSyncUseCase: Sendable {
    /// Where a response of the term came from.
    public enum Served: String, Sendable {
        /// A new or changed body: downloaded whole and kept.
        case downloaded
        /// A conditional request answered 304: the kept copy is current.
        case notModified
        /// Kept and still fresh (`Cache-Control: max-age`): not asked.
        case fresh
    }

    /// One term's responses, the requests they took and the bytes downloaded.
    public struct Synced: Sendable {
        public let termNo: TermNumber
        public let interview: Served
        public let report: Served
        public let video: Served
        public let requests: Int
        public let bytes: Int
    }

    let interviews: Network<InterviewDTO>
    let reports: Network<AnalysisReportResponseDTO>
    let videos: Network<VideoReportResponseDTO>
    let requester: CachedRequester

    /// A run of `report sync` in the store.
    public struct Run: Sendable {
        let id: Int64?
        /// The terms the run stopped before this one already brought in.
        public let done: Set<TermNumber>
    }

    /// Starts a run, or resumes the one stopped before: the terms that run already brought in
    /// are not asked for again. A run without an id when there is no store to keep it in.
    public func begin() -> Run {
        guard let started = requester.store?.beginSync() else { return Run(id: nil, done: []) }
        return Run(id: started.run, done: Set(started.done.compactMap { UInt32(exactly: $0).flatMap { TermNumber($0) } }))
    }

    /// The run came to its end: the next run starts afresh.
    public func finish(_ run: Run) {
        if let id = run.id { requester.store?.finishSync(id) }
    }

    /// Brings `termNo` into the store: the interview first (its analysis must be finished), then
    /// the report and the video report at once. Throws `analysisPending`, `analysisFailed` or the
    /// request's `ReportError`.
    public func sync(_ termNo: TermNumber) async throws -> Synced {
        let (interview, interviewServed) = try await requester.sendServed(.interview(termNo), on: interviews) {
            $0.analysisStatus == "DONE"
        }
        switch interview.analysisStatus {
        case "DONE": break
        case "FAILED": throw ReportError.analysisFailed(termNo)
        default: throw ReportError.analysisPending(termNo)
        }
        async let report = requester.sendServed(.analysisReport(termNo), on: reports) { $0.result != nil }
        // The analysis is finished: a video report without a result says there is no video, for good.
        async let video = requester.sendServed(.videoReport(termNo), on: videos) { _ in true }
        let (reportValue, reportServed) = try await report
        let (_, videoServed) = try await video
        guard reportValue.result != nil else { throw ReportError.analysisPending(termNo) }
        let served = [interviewServed, reportServed, videoServed]
        return Synced(termNo: termNo, interview: Self.kind(interviewServed), report: Self.kind(reportServed),
                      video: Self.kind(videoServed),
                      requests: served.filter { $0 != .fresh }.count,
                      bytes: served.reduce(0) { total, served in
                          if case .downloaded(let bytes) = served { total + bytes } else { total }
                      })
    }

    private static func kind(_ served: CachedRequester.Served) -> Served {
        switch served {
        case .fresh: .fresh
        case .notModified: .notModified
        case .downloaded: .downloaded
        }
    }
}
