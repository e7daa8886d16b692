import Domain

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
    /// The interview the report check fetched, or tried to; nil for the other checks (and a
    /// report check that found no interview to fetch).
    public var term: TermNumber?

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
