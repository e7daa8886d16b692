import Domain

/// Says who the credentials belong to, over `GET /v1/me`.
struct NetworkMemberUseCase: MemberUseCase {
    let network: Network<MemberDTO>
    let requester: ServiceRequester

    func me() async throws -> Member {
        try await requester.send(.me, on: network).toDomain()
    }
}
