import Domain

public struct CharacterViewData: Hashable, Sendable {
    public let type: String
    public let description: String
    public let traits: [Trait]

    public struct Trait: Hashable, Sendable {
        public let name: String
        public let score: Int
        /// "72/100"
        public let scoreText: String
        /// 0…1, for a bar.
        public let fraction: Double
        public let level: TraitLevel
        /// "high", "medium", "low"
        public let levelText: String
        public let comment: String
    }
}
