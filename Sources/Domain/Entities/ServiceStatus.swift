/// Whether the service is working (the seed's ServiceCheckUseCase result).
public struct ServiceStatus: Hashable, Sendable {
    public let isUnderMaintenance: Bool
    /// The service's own words, if any.
    public let message: String?
    /// When maintenance is expected to end (ISO-8601 text as the service sent it), if known.
    public let until: String?

    public init(isUnderMaintenance: Bool, message: String?, until: String?) {
        self.isUnderMaintenance = isUnderMaintenance
        self.message = message
        self.until = until
    }
}
