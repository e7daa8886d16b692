import Domain

/// Asks `GET /v1/service/status` (no authentication).
struct NetworkServiceCheckUseCase: ServiceCheckUseCase {
    let network: Network<ServiceStatusDTO>
    let requester: ServiceRequester

    func status() async throws -> ServiceStatus {
        let dto = try await requester.send(.serviceStatus, on: network)
        return try requester.map { () throws(DTOMappingError) in try dto.toDomain() }
    }
}
