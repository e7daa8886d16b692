import Domain

/// Fetches the video report over `GET /v1/analysis/video-report?termNo=`.
struct NetworkVideoReportUseCase: VideoReportUseCase {
    let network: Network<VideoReportResponseDTO>
    let requester: ServiceRequester

    func videoReport(termNo: TermNumber) async throws -> VideoReport? {
        let dto = try await requester.send(.videoReport(termNo), on: network)
        return try requester.map { () throws(DTOMappingError) in try dto.toDomain() }
    }
}
