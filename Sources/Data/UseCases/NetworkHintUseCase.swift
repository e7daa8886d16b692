import Domain

/// Fetches a section's hint over `GET /v1/hints/{section}`.
struct NetworkHintUseCase: HintUseCase {
    let network: Network<HintDTO>
    let requester: ServiceRequester

    func hint(for section: ReportSection) async throws -> Hint {
        let dto = try await requester.send(.hint(section), on: network)
        return try requester.map { () throws(DTOMappingError) in try dto.toDomain(asked: section) }
    }
}
