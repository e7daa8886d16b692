/// `report sync`: each finished interview of the member brought into the store kept on this
/// machine — its interview, analysis report and video report — through conditional requests, and
/// runs that resume: a sync stopped part way does not ask again for what it brought in.
public protocol SyncUseCase: Sendable {
    /// Starts a run, or resumes the one stopped before: `done` holds the terms that run already
    /// brought in. Throws `storeUnavailable` when the store cannot be used: a sync would keep
    /// nothing, and must not pass for one that did.
    func begin() throws -> SyncRun
    /// The run came to its end: the next run starts afresh.
    func finish(_ run: SyncRun)
    /// Brings `termNo` into the store: the interview first (its analysis must be finished), then
    /// the report and the video report. Throws `analysisPending`, `analysisFailed` or the
    /// request's `ReportError`.
    func sync(_ termNo: TermNumber) async throws -> SyncedTerm
}
