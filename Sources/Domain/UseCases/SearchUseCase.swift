/// Searches the reports kept on this machine (`report search`): never a request.
public protocol SearchUseCase: Sendable {
    /// The matches of `query`, ranked (`SearchHit.ranked`), at most `query.limit`, and how many
    /// there were in all. Throws `ReportError` (a store that cannot be read).
    func search(_ query: SearchQuery) async throws -> SearchResults
    /// The interviews the store keeps, newest first: what a shell offers after `report fetch`
    /// (⇥). None when there is no store or it cannot be read; never a request.
    func keptInterviews() -> [InterviewTerm]
}
