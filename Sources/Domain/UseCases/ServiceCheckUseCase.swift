/// Asks whether the service is up or under maintenance (the seed's ServiceCheckUseCase).
public protocol ServiceCheckUseCase: Sendable {
    /// Throws `ReportError` when the service cannot be asked.
    func status() async throws -> ServiceStatus
}
