import Domain

/// Fetches the video report over `GET /v1/analysis/video-report?termNo=`, through the report
/// cache: one with a result is kept and revalidated.
struct NetworkVideoReportUseCase: VideoReportUseCase {
    let network: Network<VideoReportResponseDTO>
    let requester: CachedRequester

    func videoReport(termNo: TermNumber) async throws -> VideoReport? {
        let dto = try await requester.send(.videoReport(termNo), on: network) { $0.result != nil }
        return try requester.map { () throws(DTOMappingError) in try dto.toDomain() }
    }
}
