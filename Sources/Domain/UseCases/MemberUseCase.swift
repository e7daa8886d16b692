/// Says who the credentials belong to (`GET /v1/me`).
public protocol MemberUseCase: Sendable {
    func me() async throws -> Member
}
