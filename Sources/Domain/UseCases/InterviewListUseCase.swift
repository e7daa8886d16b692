/// Lists the member's completed interviews, newest first.
public protocol InterviewListUseCase: Sendable {
    /// `page` is 1-based; `size` is 1…100. Throws `ReportError`.
    func completedInterviews(page: Int, size: Int) async throws -> InterviewPage
}
