import Domain

public struct VideoViewData: Hashable, Sendable {
    public let questions: [Question]

    public struct Question: Hashable, Sendable {
        public let number: Int
        public let question: String
        public let answerSeconds: Int
        /// "0:58"
        public let durationText: String
        public let speechRate: Int
        /// "312 syllables/min"
        public let speechRateText: String
        public let gazeStability: Int
        public let voiceStability: Int
        public let feedback: String
    }
}
