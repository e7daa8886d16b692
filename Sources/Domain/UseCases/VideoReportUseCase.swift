/// Fetches the video-interview part of a report.
public protocol VideoReportUseCase: Sendable {
    /// nil while the analysis is still running. Throws `ReportError`.
    func videoReport(termNo: TermNumber) async throws -> VideoReport?
}
