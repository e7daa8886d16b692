/// Why an output filter could not take a document.
public struct OutputFilterFailure: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The document is not what the filter reads (not JSON).
        case unreadable
        /// The filter's program failed on it.
        case failed
        /// Its output for one document passed `limit` bytes.
        case tooLarge(limit: Int)
    }

    public let kind: Kind
    /// The filter's own words (libjq's, English).
    public let reason: String

    public init(_ kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
