/// What a search found: the matches shown and how many there were.
public struct SearchResults: Sendable, Equatable {
    public let hits: [SearchHit]
    public let total: Int
    /// How many kept reports were searched.
    public let reports: Int

    public init(hits: [SearchHit], total: Int, reports: Int) {
        self.hits = hits
        self.total = total
        self.reports = reports
    }
}
