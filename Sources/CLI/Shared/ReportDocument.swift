import Domain
import Terminal

/// The `--json` document of one report: a public, stable interface described by
/// `schema/report.schema.json`, written from the entities (the interview, each section's
/// `SectionData`), never from what the terminal view shows. Add fields freely; renaming or removing one needs a new
/// `schemaVersion`. Written by `JSONWriter` (a batch writes one per term), each object's keys in
/// ascending order.
struct ReportDocument: JSONWritable, Sendable {
    let interview: InterviewObject
    let analysisStatus: String
    /// In the interview kind's order, the title excluded (it is `interview`); empty while pending.
    let sections: [TermReport.Section]

    init(_ report: TermReport) {
        interview = InterviewObject(report.interview)
        analysisStatus = switch report.outcome {
        case .ready: "ready"
        case .failed: "failed"
        case .pending: "pending"
        }
        sections = report.sections.filter { $0.section != .title }
    }

    /// The document as UTF-8, indented when `pretty`, with a final newline: the bytes a fetch
    /// writes (a batch, one a term), with no `String` between.
    func bytes(pretty: Bool) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        write(to: &writer)
        writer.newlineAtEnd()
        return writer.bytes
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("analysis")
            writer.object { $0.member("status", analysisStatus) }
            writer.member("interview", interview)
            writer.schemaVersionMember()
            writer.key("sections")
            writer.array(sections) { writer, section in Self.write(section, to: &writer) }
        }
    }

    /// The interview in the contract's names, written from the entity: `null` where the service
    /// sent none; `schemaVersion` on a line of `report list --jsonl`, a document of its own.
    struct InterviewObject: JSONWritable, Sendable {
        let interview: InterviewTerm
        var schemaVersion: Int?

        init(_ interview: InterviewTerm, schemaVersion: Int? = nil) {
            self.interview = interview
            self.schemaVersion = schemaVersion
        }

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("analysisStatus", interview.analysisStatus.code)
                writer.member("careerName", interview.careerName)
                writer.member("companyName", interview.companyName)
                writer.member("itemTypeCode", interview.itemType.code.isEmpty ? nil : interview.itemType.code)
                writer.member("occupationName", interview.occupationName)
                writer.member("programLevel", interview.programLevel)
                writer.member("regDate", interview.registeredAt)
                writer.member("schemaVersion", ifPresent: schemaVersion)
                writer.member("termNo", Int(interview.termNo.rawValue))
            }
        }
    }

    /// `{"available": true, "data": {…}, "name": "tips"}`, or `"available": false, "data": null`;
    /// the data as the service sent it (the section's `SectionData`), in the contract's names.
    private static func write(_ section: TermReport.Section, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("available", section.data != nil)
            writer.key("data")
            switch section.data {
            case nil: writer.null()
            case .tips(let tips)?: write(tips, to: &writer)
            case .character(let character)?: write(character, to: &writer)
            case .aptitude(let aptitude)?: write(aptitude, to: &writer)
            case .keywords(let keywords)?: writer.object { $0.member("keywords", keywords) }
            case .video(let video)?: write(video, to: &writer)
            }
            writer.member("name", section.section.rawValue)
        }
    }

    private static func write(_ tips: Tips, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("items")
            writer.array(tips.items) { writer, item in
                writer.object { writer in
                    writer.member("body", item.body)
                    writer.member("category", item.category)
                    writer.member("title", item.title)
                }
            }
            writer.member("summary", tips.summary)
        }
    }

    private static func write(_ character: CharacterProfile, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("description", character.description)
            writer.key("traits")
            writer.array(character.traits) { writer, trait in
                writer.object { writer in
                    writer.member("comment", trait.comment)
                    writer.member("level", trait.level.code)
                    writer.member("name", trait.name)
                    writer.member("score", trait.score)
                }
            }
            writer.member("type", character.type)
        }
    }

    private static func write(_ aptitude: Aptitude, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("games")
            writer.array(aptitude.games) { writer, game in
                writer.object { writer in
                    writer.member("comment", game.comment)
                    writer.member("maxScore", game.maxScore)
                    writer.member("name", game.name)
                    writer.member("percentile", game.percentile)
                    writer.member("score", game.score)
                }
            }
            writer.member("grade", aptitude.grade)
            writer.member("percentile", aptitude.percentile)
        }
    }

    private static func write(_ video: VideoReport, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("questions")
            writer.array(video.questions) { writer, question in
                writer.object { writer in
                    writer.member("answerSeconds", question.answerSeconds)
                    writer.member("feedback", question.feedback)
                    writer.member("gazeStability", question.gazeStability)
                    writer.member("no", question.number)
                    writer.member("question", question.question)
                    writer.member("speechRate", question.speechRate)
                    writer.member("voiceStability", question.voiceStability)
                }
            }
        }
    }
}
