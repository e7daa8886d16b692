import Domain

/// The report's title: which interview this is.
public struct TitleViewData: Hashable, Sendable {
    public let interview: InterviewTerm
    /// "사람인 · iOS 개발 · 경력 3년"
    public let headline: String
    /// "Company interview · BASIC"
    public let kindText: String
    /// "2026-11-02 10:15 (+09:00)"
    public let dateText: String
    /// "ready", "pending", "failed"
    public let analysisText: String
}
