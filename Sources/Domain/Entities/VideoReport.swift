/// The video-interview part of a report: one entry per answered question.
public struct VideoReport: Hashable, Sendable {
    public let questions: [VideoQuestion]

    public init(questions: [VideoQuestion]) {
        self.questions = questions
    }
}
