/// A failure to talk to the service at all.
public struct NetworkFailure: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case dns
        case connect
        case tls
        case timeout
        /// The connection broke mid-transfer, or another transport-level failure.
        case transfer
    }

    public let kind: Kind
    public let detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }
}
