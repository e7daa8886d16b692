import Domain

public struct AptitudeViewData: Hashable, Sendable {
    public let grade: String
    /// "grade B"
    public let gradeText: String
    public let percentile: Int
    /// "top 29% (ahead of 71%)"
    public let percentileText: String
    public let games: [Game]

    public struct Game: Hashable, Sendable {
        public let name: String
        public let score: Int
        public let maxScore: Int
        /// "34/50"
        public let scoreText: String
        /// 0…1, for a bar.
        public let fraction: Double
        public let percentile: Int
        /// "top 29%"
        public let percentileText: String
        public let comment: String
    }
}
