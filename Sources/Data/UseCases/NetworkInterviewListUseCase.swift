import Domain

/// Lists completed interviews over `GET /v1/interviews?status=completed&page=&size=`.
struct NetworkInterviewListUseCase: InterviewListUseCase {
    let network: Network<InterviewPageDTO>
    let requester: ServiceRequester

    func completedInterviews(page: Int, size: Int) async throws -> InterviewPage {
        let dto = try await requester.send(.completedInterviews(page: page, size: size), on: network)
        return try requester.map { () throws(DTOMappingError) in try dto.toDomain() }
    }
}
