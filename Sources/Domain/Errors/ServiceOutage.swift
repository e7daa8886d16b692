/// Why the service is not doing work right now.
public struct ServiceOutage: Hashable, Sendable {
    /// The service's own words, when it gave some.
    public let message: String?
    /// When the service expects to be back (ISO-8601 text as the service sent it), if known.
    public let until: String?
    /// Whether this is a planned maintenance window (as opposed to throttling or overload).
    public let isMaintenance: Bool

    public init(message: String?, until: String?, isMaintenance: Bool) {
        self.message = message
        self.until = until
        self.isMaintenance = isMaintenance
    }
}
