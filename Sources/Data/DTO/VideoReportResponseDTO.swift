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
            func path() -> String { "result.questions[\(index)]" }
            guard question.answerSeconds >= 0, question.speechRate >= 0 else {
                throw DTOMappingError(.detailContractNegativeVideo, ["path": .data(path())])
            }
            return VideoQuestion(number: question.no, question: PrintableText.line(question.question),
                                 answerSeconds: question.answerSeconds, speechRate: question.speechRate,
                                 gazeStability: try percentage(question.gazeStability, at: "\(path()).gazeStability"),
                                 voiceStability: try percentage(question.voiceStability, at: "\(path()).voiceStability"),
                                 feedback: PrintableText.paragraphs(question.feedback))
        })
    }
}

// How `GET /v1/analysis/video-report` reads (JSONReader): the video report's one decoder.

extension VideoReportResponseDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var result: Result??
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "result": try reader.readNullable(&result, "result") { reader throws(JSONReadError) in try reader.read(Result.self) }
            default: try reader.skipValue()
            }
        }
        // Required, even though it may be null.
        return Self(result: try reader.required(result, "result"))
    }
}

extension VideoReportResponseDTO.Result: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var questions: [VideoReportResponseDTO.Question]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "questions":
                try reader.read(&questions, "questions") { reader throws(JSONReadError) in
                    try reader.readArray { reader throws(JSONReadError) in try reader.read(VideoReportResponseDTO.Question.self) }
                }
            default: try reader.skipValue()
            }
        }
        return Self(questions: try reader.required(questions, "questions"))
    }
}

extension VideoReportResponseDTO.Question: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var no: Int?
        var question: String?
        var answerSeconds: Int?
        var speechRate: Int?
        var gazeStability: Int?
        var voiceStability: Int?
        var feedback: String?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "no": try reader.readInteger(&no, "no")
            case "question": try reader.readString(&question, "question")
            case "answerSeconds": try reader.readInteger(&answerSeconds, "answerSeconds")
            case "speechRate": try reader.readInteger(&speechRate, "speechRate")
            case "gazeStability": try reader.readInteger(&gazeStability, "gazeStability")
            case "voiceStability": try reader.readInteger(&voiceStability, "voiceStability")
            case "feedback": try reader.readString(&feedback, "feedback")
            default: try reader.skipValue()
            }
        }
        return Self(no: try reader.required(no, "no"), question: try reader.required(question, "question"),
                    answerSeconds: try reader.required(answerSeconds, "answerSeconds"),
                    speechRate: try reader.required(speechRate, "speechRate"),
                    gazeStability: try reader.required(gazeStability, "gazeStability"),
                    voiceStability: try reader.required(voiceStability, "voiceStability"),
                    feedback: try reader.required(feedback, "feedback"))
    }
}

// How the store keeps a video report's value beside its body (`KeptForm`).

extension VideoReportResponseDTO: KeptFormBody {
    func value() throws(DTOMappingError) -> VideoReport? { try toDomain() }

    static func write(_ value: VideoReport?, to form: inout KeptForm.Writer) {
        form.optional(value) { form, value in
            form.array(value.questions) { form, question in
                form.int(question.number)
                form.string(question.question)
                form.int(question.answerSeconds)
                form.int(question.speechRate)
                form.int(question.gazeStability)
                form.int(question.voiceStability)
                form.string(question.feedback)
            }
        }
    }

    static func read(from form: inout KeptForm.Reader) throws(KeptForm.Unreadable) -> VideoReport? {
        try form.optional { form throws(KeptForm.Unreadable) in
            VideoReport(questions: try form.array { form throws(KeptForm.Unreadable) in
                VideoQuestion(number: try form.int(), question: try form.string(), answerSeconds: try form.int(),
                              speechRate: try form.int(), gazeStability: try form.int(), voiceStability: try form.int(),
                              feedback: try form.string())
            })
        }
    }
}
