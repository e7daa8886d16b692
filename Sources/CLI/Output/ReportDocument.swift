import Domain
import Presentation

/// The `--json` document of one report: a public, stable interface described by
/// `schema/report.schema.json`. Add fields freely; renaming or removing one needs a new
/// `schemaVersion`.
struct ReportDocument: Encodable, Sendable {
    static let currentSchemaVersion = 1

    let schemaVersion = ReportDocument.currentSchemaVersion
    let interview: InterviewObject
    let analysis: AnalysisObject
    /// In the interview kind's order, the title excluded (it is `interview`); empty while pending.
    let sections: [SectionObject]

    init(title: TitleViewData, analysis: ReportViewState.Analysis) {
        interview = InterviewObject(title.interview)
        switch analysis {
        case .ready(let sections):
            self.analysis = AnalysisObject(status: "ready")
            self.sections = sections.filter { $0.section != .title }.map(SectionObject.init)
        case .failed:
            self.analysis = AnalysisObject(status: "failed")
            sections = []
        case .pending, .loading, .notRequested:
            self.analysis = AnalysisObject(status: "pending")
            sections = []
        }
    }

    struct InterviewObject: Encodable, Sendable {
        let termNo: UInt32
        let companyName: String
        let occupationName: String
        let careerName: String
        let regDate: String
        let itemTypeCode: String
        let programLevel: String
        let analysisStatus: String

        init(_ interview: InterviewTerm) {
            termNo = interview.termNo.rawValue
            companyName = interview.companyName
            occupationName = interview.occupationName
            careerName = interview.careerName
            regDate = interview.registeredAt
            itemTypeCode = interview.itemType.code
            programLevel = interview.programLevel
            analysisStatus = interview.analysisStatus.rawValue
        }
    }

    struct AnalysisObject: Encodable, Sendable {
        let status: String
    }

    /// `{"name": "tips", "available": true, "data": {…}}`, or `"available": false, "data": null`.
    struct SectionObject: Encodable, Sendable {
        let section: SectionViewData

        private enum Keys: String, CodingKey { case name, available, data }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(section.section.rawValue, forKey: .name)
            try container.encode(section.content != nil, forKey: .available)
            switch section.content {
            case nil, .title?: try container.encodeNil(forKey: .data)
            case .tips(let tips)?: try container.encode(TipsObject(tips), forKey: .data)
            case .character(let character)?: try container.encode(CharacterObject(character), forKey: .data)
            case .aptitude(let aptitude)?: try container.encode(AptitudeObject(aptitude), forKey: .data)
            case .keywords(let keywords)?: try container.encode(KeywordsObject(keywords: keywords.keywords), forKey: .data)
            case .video(let video)?: try container.encode(VideoObject(video), forKey: .data)
            }
        }
    }

    struct TipsObject: Encodable, Sendable {
        struct Item: Encodable, Sendable { let category, title, body: String }
        let summary: String
        let items: [Item]

        init(_ tips: TipsViewData) {
            summary = tips.summary
            items = tips.items.map { Item(category: $0.category, title: $0.title, body: $0.body) }
        }
    }

    struct CharacterObject: Encodable, Sendable {
        struct Trait: Encodable, Sendable {
            let name: String
            let score: Int
            let level: String
            let comment: String
        }
        let type: String
        let description: String
        let traits: [Trait]

        init(_ character: CharacterViewData) {
            type = character.type
            description = character.description
            traits = character.traits.map { Trait(name: $0.name, score: $0.score, level: $0.level.rawValue, comment: $0.comment) }
        }
    }

    struct AptitudeObject: Encodable, Sendable {
        struct Game: Encodable, Sendable {
            let name: String
            let score: Int
            let maxScore: Int
            let percentile: Int
            let comment: String
        }
        let grade: String
        let percentile: Int
        let games: [Game]

        init(_ aptitude: AptitudeViewData) {
            grade = aptitude.grade
            percentile = aptitude.percentile
            games = aptitude.games.map {
                Game(name: $0.name, score: $0.score, maxScore: $0.maxScore, percentile: $0.percentile, comment: $0.comment)
            }
        }
    }

    struct KeywordsObject: Encodable, Sendable {
        let keywords: [String]
    }

    struct VideoObject: Encodable, Sendable {
        struct Question: Encodable, Sendable {
            let no: Int
            let question: String
            let answerSeconds: Int
            let speechRate: Int
            let gazeStability: Int
            let voiceStability: Int
            let feedback: String
        }
        let questions: [Question]

        init(_ video: VideoViewData) {
            questions = video.questions.map {
                Question(no: $0.number, question: $0.question, answerSeconds: $0.answerSeconds, speechRate: $0.speechRate,
                         gazeStability: $0.gazeStability, voiceStability: $0.voiceStability, feedback: $0.feedback)
            }
        }
    }
}
