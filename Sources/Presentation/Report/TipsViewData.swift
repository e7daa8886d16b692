import Domain

public struct TipsViewData: Hashable, Sendable {
    public let summary: String
    public let items: [Item]

    public struct Item: Hashable, Sendable {
        public let category: String
        /// A readable label for the category ("Answer", "Attitude", …; unknown ones as sent).
        public let categoryLabel: String
        public let title: String
        public let body: String
    }
}
