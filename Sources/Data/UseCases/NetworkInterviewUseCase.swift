import Domain

/// Fetches an interview over the service's `GET /v1/interviews/{termNo}`, through the report
/// cache: an interview whose analysis is done is kept and revalidated.
struct NetworkInterviewUseCase: InterviewUseCase {
    let network: Network<InterviewDTO>
    let requester: CachedRequester

    func interview(termNo: TermNumber) async throws -> InterviewTerm {
        let interview = try await requester.sendMapped(.interview(termNo), on: network) { $0.analysisStatus == "DONE" }
        return try requester.map { () throws(DTOMappingError) in
            guard interview.termNo == termNo else {
                throw DTOMappingError(.detailContractTermMismatch, ["asked": .data("\(termNo)"), "got": .data("\(interview.termNo)")])
            }
            return interview
        }
    }
}
