/// Fetches the analysis report of one interview (the seed's `AnalysisResultUseCase`).
public protocol AnalysisReportUseCase: Sendable {
    /// `.pending` while the service is still analysing. Throws `ReportError`.
    func analysisReport(termNo: TermNumber) async throws -> AnalysisResult
}
