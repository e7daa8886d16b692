import Domain

/// Fetches an analysis report over the service's `GET /v1/analysis/report?termNo=`, through the
/// report cache: a finished report (`result` not null) is kept and revalidated; a pending one never.
struct NetworkAnalysisReportUseCase: AnalysisReportUseCase {
    let network: Network<AnalysisReportResponseDTO>
    let requester: CachedRequester

    func analysisReport(termNo: TermNumber) async throws -> AnalysisResult {
        try await requester.sendMapped(.analysisReport(termNo), on: network) { $0.result != nil }
    }
}
