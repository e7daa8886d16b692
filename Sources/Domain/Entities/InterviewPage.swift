/// One page of a member's completed interviews, newest first.
public struct InterviewPage: Hashable, Sendable {
    public let items: [InterviewTerm]
    /// 1-based.
    public let page: Int
    public let size: Int
    /// Interviews on every page together.
    public let total: Int

    public init(items: [InterviewTerm], page: Int, size: Int, total: Int) {
        self.items = items
        self.page = page
        self.size = size
        self.total = total
    }

    /// Whether a later page has more interviews.
    public var hasNextPage: Bool { page * size < total && !items.isEmpty }
}
