import Domain

/// Fetches the video report over `GET /v1/analysis/video-report?termNo=`, through the report
/// cache: one with a result is kept and revalidated.
struct NetworkVideoReportUseCase: VideoReportUseCase {
    let network: Network<VideoReportResponseDTO>
    let requester: CachedRequester

    func videoReport(termNo: TermNumber) async throws -> VideoReport? {
        try await requester.sendMapped(.videoReport(termNo), on: network) { $0.result != nil }
    }
}
