import Domain

public struct KeywordsViewData: Hashable, Sendable {
    public let keywords: [String]
    /// "협업 · 문제 해결": each as the service wrote it
    public let text: String
}
