import Domain

/// `report sync` over the report store (`SyncUseCase`): one finished term brought in through the
/// store's conditional requests, saying for each response whether it was downloaded, found
/// unchanged (304) or still fresh (no request); runs are recorded in the store (`sync_run`).
struct NetworkSyncUseCase: SyncUseCase {
    let interviews: Network<InterviewDTO>
    let reports: Network<AnalysisReportResponseDTO>
    let videos: Network<VideoReportResponseDTO>
    let requester: CachedRequester

    func begin() throws(ReportError) -> SyncRun {
        guard let store = requester.store else { return SyncRun(id: nil, done: []) }
        do {
            let started = try store.beginSync()
            return SyncRun(id: started.run, done: Set(started.done.compactMap { UInt32(exactly: $0).flatMap { TermNumber($0) } }))
        } catch {
            switch error {
            case .libraryMissing:
                throw .storeLibraryMissing
            case .refused(let reason):
                // The store's own words (a path, SQLite's message), kept as data: the Korean line
                // says the store cannot be used, and --verbose says why in its log.
                throw .storeUnavailable(Detail(.detailStoreUnusable, ["detail": .data(reason)]))
            }
        }
    }

    func finish(_ run: SyncRun) {
        if let id = run.id { requester.store?.finishSync(id) }
    }

    /// The interview first, then the report and the video report at once.
    func sync(_ termNo: TermNumber) async throws -> SyncedTerm {
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
        return SyncedTerm(termNo: termNo, interview: Self.kind(interviewServed), report: Self.kind(reportServed),
                      video: Self.kind(videoServed),
                      requests: served.filter { $0 != .fresh }.count,
                      bytes: served.reduce(0) { total, served in
                          if case .downloaded(let bytes) = served { total + bytes } else { total }
                      })
    }

    private static func kind(_ served: CachedRequester.Served) -> SyncServed {
        switch served {
        case .fresh: .fresh
        case .notModified: .notModified
        case .downloaded: .downloaded
        }
    }
}
