import Domain

/// Fetches an interview over the service's `GET /v1/interviews/{termNo}`.
struct NetworkInterviewUseCase: InterviewUseCase {
    let network: Network<InterviewDTO>
    let requester: ServiceRequester

    func interview(termNo: TermNumber) async throws -> InterviewTerm {
        let dto = try await requester.send(.interview(termNo), on: network)
        return try requester.map { () throws(DTOMappingError) in
            let interview = try dto.toDomain()
            guard interview.termNo == termNo else {
                throw DTOMappingError("asked for term \(termNo), got term \(interview.termNo)")
            }
            return interview
        }
    }
}
