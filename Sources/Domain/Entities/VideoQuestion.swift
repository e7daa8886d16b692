public struct VideoQuestion: Hashable, Sendable {
    public let number: Int
    public let question: String
    public let answerSeconds: Int
    /// Syllables a minute.
    public let speechRate: Int
    /// 0–100.
    public let gazeStability: Int
    /// 0–100.
    public let voiceStability: Int
    public let feedback: String

    public init(number: Int, question: String, answerSeconds: Int, speechRate: Int,
                gazeStability: Int, voiceStability: Int, feedback: String) {
        self.number = number
        self.question = question
        self.answerSeconds = answerSeconds
        self.speechRate = speechRate
        self.gazeStability = gazeStability
        self.voiceStability = voiceStability
        self.feedback = feedback
    }
}
