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
    /// What happened, as a key and its values chosen where the condition is known (the transport:
    /// a libcurl failure by its CURLcode, a timeout with its limit, a certificate by OpenSSL's
    /// verify result). A person reads it in their language (`Words.said`).
    public let reason: Detail

    public init(kind: Kind, reason: Detail) {
        self.kind = kind
        self.reason = reason
    }
}
