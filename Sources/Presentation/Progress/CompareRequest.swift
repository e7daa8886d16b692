import Domain

/// What `compare` is asked for: two terms (in either order), or the two newest whose analysis is done.
public enum CompareRequest: Sendable, Equatable {
    case terms(TermNumber, TermNumber)
    /// The newest done interview and the newest done one before it of the same kind; the older
    /// is compared with the newer.
    case latest(filter: InterviewFilter)
}
