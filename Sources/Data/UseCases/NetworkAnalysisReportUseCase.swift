import Domain

/// Fetches an analysis report over the service's `GET /v1/analysis/report?termNo=`.
struct NetworkAnalysisReportUseCase: AnalysisReportUseCase {
    let network: Network<AnalysisReportResponseDTO>
    let requester: ServiceRequester

    func analysisReport(termNo: TermNumber) async throws -> AnalysisResult {
        let dto = try await requester.send(.analysisReport(termNo), on: network)
        return try requester.map { () throws(DTOMappingError) in try dto.toDomain() }
    }
}
