/// The video-interview part of the report: one entry per answered question.
struct VideoReport: Codable, Sendable, Equatable {
    struct Question: Codable, Sendable, Equatable {
        var no: Int
        var question: String
        var answerSeconds: Int
        /// Syllables per minute.
        var speechRate: Int
        var gazeStability: Int
        var voiceStability: Int
        var feedback: String
    }

    var questions: [Question]

    func validate(_ path: String) throws(DataProblem) {
        for (index, question) in questions.enumerated() {
            let questionPath = "\(path).questions[\(index)]"
            if question.no < 1 { throw DataProblem(path: "\(questionPath).no", message: "must be at least 1") }
            for (key, value) in [("answerSeconds", question.answerSeconds), ("speechRate", question.speechRate)] where value < 0 {
                throw DataProblem(path: "\(questionPath).\(key)", message: "\(value) must not be negative")
            }
            try Percent.check(question.gazeStability, "\(questionPath).gazeStability")
            try Percent.check(question.voiceStability, "\(questionPath).voiceStability")
        }
    }
}
