import Domain

/// What `trend` is asked for: which interviews (their kinds, from a date, up to a date, the
/// last N), or the terms given.
public struct TrendRequest: Sendable, Equatable {
    public var filter: InterviewFilter
    public var since: String?
    public var until: String?
    public var last: Int?
    /// When not empty, these terms and no others (each must be finished).
    public var terms: [TermNumber]

    public init(filter: InterviewFilter = InterviewFilter(), since: String? = nil, until: String? = nil, last: Int? = nil,
                terms: [TermNumber] = []) {
        self.filter = filter
        self.since = since
        self.until = until
        self.last = last
        self.terms = terms
    }
}
