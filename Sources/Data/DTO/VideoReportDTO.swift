import Domain
import Terminal

/// `{"result": VideoReport | null}`.
/// Read by `JSONReader` only (`VideoReportDTO+JSONBodyReadable.swift`).
struct VideoReportResponseDTO: ResponseBody {
    struct Question: Sendable {
        let no: Int
        let question: String
        let answerSeconds: Int
        let speechRate: Int
        let gazeStability: Int
        let voiceStability: Int
        let feedback: String
    }

    struct Result: Sendable {
        let questions: [Question]
    }

    let result: Result?

    /// nil while the analysis is still running.
    func toDomain() throws(DTOMappingError) -> VideoReport? {
        guard let result else { return nil }
        return VideoReport(questions: try result.questions.enumerated().map { index, question throws(DTOMappingError) in
            let path = "result.questions[\(index)]"
            guard question.answerSeconds >= 0, question.speechRate >= 0 else {
                throw DTOMappingError("\(path) has a negative duration or speech rate")
            }
            return VideoQuestion(number: question.no, question: PrintableText.line(question.question),
                                 answerSeconds: question.answerSeconds, speechRate: question.speechRate,
                                 gazeStability: try percentage(question.gazeStability, at: "\(path).gazeStability"),
                                 voiceStability: try percentage(question.voiceStability, at: "\(path).voiceStability"),
                                 feedback: PrintableText.paragraphs(question.feedback))
        })
    }
}
