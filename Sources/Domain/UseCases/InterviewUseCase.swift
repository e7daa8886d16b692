/// Fetches one completed interview: the report's title data.
public protocol InterviewUseCase: Sendable {
    /// Throws `ReportError`.
    func interview(termNo: TermNumber) async throws -> InterviewTerm
}
