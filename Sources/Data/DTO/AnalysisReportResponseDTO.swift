import Domain
import Terminal

/// `{"result": Report | null}`: null while the analysis is still running.
/// Read by `JSONReader` only (`AnalysisReportDTO+JSONBodyReadable.swift`).
struct AnalysisReportResponseDTO: ResponseBody {
    let result: ReportDTO?

    func toDomain() throws(DTOMappingError) -> AnalysisResult {
        guard let result else { return .pending }
        return .ready(try result.toDomain())
    }
}

/// `Report` on the wire. The service calls the keywords `keyword` (singular); that quirk ends here.
/// Its text is cleaned of control characters here (`TextSanitizer`), before any view prints it.
struct ReportDTO: Sendable {
    let tips: TipsDTO?
    let character: CharacterDTO?
    let aptitude: AptitudeDTO?
    let keyword: [String]?

    func toDomain() throws(DTOMappingError) -> AnalysisReport {
        AnalysisReport(tips: tips.map { $0.toDomain() },
                       character: try character.map { dto throws(DTOMappingError) in try dto.toDomain() },
                       aptitude: try aptitude.map { dto throws(DTOMappingError) in try dto.toDomain() },
                       keywords: keyword?.map { PrintableText.line($0) })
    }
}

struct TipsDTO: Sendable {
    struct Item: Sendable {
        let category: String
        let title: String
        let body: String
    }

    let summary: String
    let items: [Item]

    func toDomain() -> Tips {
        Tips(summary: PrintableText.paragraphs(summary), items: items.map {
            Tip(category: PrintableText.line($0.category), title: PrintableText.line($0.title),
                body: PrintableText.paragraphs($0.body))
        })
    }
}

struct CharacterDTO: Sendable {
    struct Trait: Sendable {
        let name: String
        let score: Int
        let level: String
        let comment: String
    }

    let type: String
    let description: String
    let traits: [Trait]

    func toDomain() throws(DTOMappingError) -> CharacterProfile {
        CharacterProfile(type: PrintableText.line(type), description: PrintableText.paragraphs(description), traits: try traits.enumerated().map { index, trait throws(DTOMappingError) in
            // Made only for an error's message: most reports have none.
            func path() -> String { "character.traits[\(index)]" }
            // A level this client does not know is kept as sent.
            let level = TraitLevel(code: PrintableText.line(trait.level))
            return Domain.Trait(name: PrintableText.line(trait.name),
                                score: try percentage(trait.score, at: "\(path()).score"),
                                level: level, comment: PrintableText.paragraphs(trait.comment))
        })
    }
}

struct AptitudeDTO: Sendable {
    struct Game: Sendable {
        let name: String
        let score: Int
        let maxScore: Int
        let percentile: Int
        let comment: String
    }

    let grade: String
    let percentile: Int
    let games: [Game]

    func toDomain() throws(DTOMappingError) -> Aptitude {
        guard ["A", "B", "C", "D", "E"].contains(grade) else {
            throw DTOMappingError(.detailContractGrade, ["value": .data(quoted(grade))])
        }
        return Aptitude(grade: grade, percentile: try percentage(percentile, at: "aptitude.percentile"),
                        games: try games.enumerated().map { index, game throws(DTOMappingError) in
            func path() -> String { "aptitude.games[\(index)]" }
            guard game.maxScore > 0, (0...game.maxScore).contains(game.score) else {
                throw DTOMappingError(.detailContractGameScore, ["path": .data(path()), "max": .data("\(game.maxScore)"), "score": .data("\(game.score)")])
            }
            return AptitudeGame(name: PrintableText.line(game.name), score: game.score, maxScore: game.maxScore,
                                percentile: try percentage(game.percentile, at: "\(path()).percentile"),
                                comment: PrintableText.paragraphs(game.comment))
        })
    }
}

// How `GET /v1/analysis/report` reads (JSONReader): the report's one decoder. A missing required
// key, a null where a value is needed, a number that is not whole, a repeated key: each is an
// error whose text says what and where.

extension AnalysisReportResponseDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var result: ReportDTO??
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "result": try reader.readNullable(&result, "result") { reader throws(JSONReadError) in try reader.read(ReportDTO.self) }
            default: try reader.skipValue()
            }
        }
        // Required, even though it may be null.
        return Self(result: try reader.required(result, "result"))
    }
}

extension ReportDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var tips: TipsDTO??
        var character: CharacterDTO??
        var aptitude: AptitudeDTO??
        var keyword: [String]??
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "tips": try reader.readNullable(&tips, "tips") { reader throws(JSONReadError) in try reader.read(TipsDTO.self) }
            case "character":
                try reader.readNullable(&character, "character") { reader throws(JSONReadError) in try reader.read(CharacterDTO.self) }
            case "aptitude":
                try reader.readNullable(&aptitude, "aptitude") { reader throws(JSONReadError) in try reader.read(AptitudeDTO.self) }
            case "keyword":
                try reader.readNullable(&keyword, "keyword") { reader throws(JSONReadError) in
                    try reader.readArray { reader throws(JSONReadError) in try reader.readString() }
                }
            default: try reader.skipValue()
            }
        }
        // Every member is optional: missing and null both read as nil.
        return Self(tips: tips ?? nil, character: character ?? nil, aptitude: aptitude ?? nil, keyword: keyword ?? nil)
    }
}

extension TipsDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var summary: String?
        var items: [Item]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "summary": try reader.readString(&summary, "summary")
            case "items": try reader.read(&items, "items") { reader throws(JSONReadError) in try reader.readArray { reader throws(JSONReadError) in try reader.read(Item.self) } }
            default: try reader.skipValue()
            }
        }
        return Self(summary: try reader.required(summary, "summary"), items: try reader.required(items, "items"))
    }
}

extension TipsDTO.Item: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var category: String?
        var title: String?
        var body: String?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "category": try reader.readString(&category, "category")
            case "title": try reader.readString(&title, "title")
            case "body": try reader.readString(&body, "body")
            default: try reader.skipValue()
            }
        }
        return Self(category: try reader.required(category, "category"), title: try reader.required(title, "title"),
                    body: try reader.required(body, "body"))
    }
}

extension CharacterDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var type: String?
        var description: String?
        var traits: [Trait]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "type": try reader.readString(&type, "type")
            case "description": try reader.readString(&description, "description")
            case "traits": try reader.read(&traits, "traits") { reader throws(JSONReadError) in try reader.readArray { reader throws(JSONReadError) in try reader.read(Trait.self) } }
            default: try reader.skipValue()
            }
        }
        return Self(type: try reader.required(type, "type"), description: try reader.required(description, "description"),
                    traits: try reader.required(traits, "traits"))
    }
}

extension CharacterDTO.Trait: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var name: String?
        var score: Int?
        var level: String?
        var comment: String?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "name": try reader.readString(&name, "name")
            case "score": try reader.readInteger(&score, "score")
            case "level": try reader.readString(&level, "level")
            case "comment": try reader.readString(&comment, "comment")
            default: try reader.skipValue()
            }
        }
        return Self(name: try reader.required(name, "name"), score: try reader.required(score, "score"),
                    level: try reader.required(level, "level"), comment: try reader.required(comment, "comment"))
    }
}

extension AptitudeDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var grade: String?
        var percentile: Int?
        var games: [Game]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "grade": try reader.readString(&grade, "grade")
            case "percentile": try reader.readInteger(&percentile, "percentile")
            case "games": try reader.read(&games, "games") { reader throws(JSONReadError) in try reader.readArray { reader throws(JSONReadError) in try reader.read(Game.self) } }
            default: try reader.skipValue()
            }
        }
        return Self(grade: try reader.required(grade, "grade"), percentile: try reader.required(percentile, "percentile"),
                    games: try reader.required(games, "games"))
    }
}

extension AptitudeDTO.Game: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var name: String?
        var score: Int?
        var maxScore: Int?
        var percentile: Int?
        var comment: String?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "name": try reader.readString(&name, "name")
            case "score": try reader.readInteger(&score, "score")
            case "maxScore": try reader.readInteger(&maxScore, "maxScore")
            case "percentile": try reader.readInteger(&percentile, "percentile")
            case "comment": try reader.readString(&comment, "comment")
            default: try reader.skipValue()
            }
        }
        return Self(name: try reader.required(name, "name"), score: try reader.required(score, "score"),
                    maxScore: try reader.required(maxScore, "maxScore"),
                    percentile: try reader.required(percentile, "percentile"), comment: try reader.required(comment, "comment"))
    }
}

/// Checks a 0–100 value.
func percentage(_ value: Int, at path: @autoclosure () -> String) throws(DTOMappingError) -> Int {
    guard (0...100).contains(value) else {
        throw DTOMappingError(.detailContractPercentage, ["path": .data(path()), "value": .data("\(value)")])
    }
    return value
}

// How the store keeps a report's value beside its body (`KeptForm`).

extension AnalysisReportResponseDTO: KeptFormBody {
    func value() throws(DTOMappingError) -> AnalysisResult { try toDomain() }

    static func write(_ value: AnalysisResult, to form: inout KeptForm.Writer) {
        guard case .ready(let report) = value else { return form.flag(false) }
        form.flag(true)
        form.optional(report.tips) { form, tips in
            form.string(tips.summary)
            form.array(tips.items) { form, tip in
                form.string(tip.category)
                form.string(tip.title)
                form.string(tip.body)
            }
        }
        form.optional(report.character) { form, character in
            form.string(character.type)
            form.string(character.description)
            form.array(character.traits) { form, trait in
                form.string(trait.name)
                form.int(trait.score)
                form.string(trait.level.code)
                form.string(trait.comment)
            }
        }
        form.optional(report.aptitude) { form, aptitude in
            form.string(aptitude.grade)
            form.int(aptitude.percentile)
            form.array(aptitude.games) { form, game in
                form.string(game.name)
                form.int(game.score)
                form.int(game.maxScore)
                form.int(game.percentile)
                form.string(game.comment)
            }
        }
        form.optional(report.keywords) { form, keywords in form.array(keywords) { form, keyword in form.string(keyword) } }
    }

    static func read(from form: inout KeptForm.Reader) throws(KeptForm.Unreadable) -> AnalysisResult {
        guard try form.flag() else { return .pending }
        let tips = try form.optional { form throws(KeptForm.Unreadable) in
            Tips(summary: try form.string(), items: try form.array { form throws(KeptForm.Unreadable) in
                Tip(category: try form.string(), title: try form.string(), body: try form.string())
            })
        }
        let character = try form.optional { form throws(KeptForm.Unreadable) in
            CharacterProfile(type: try form.string(), description: try form.string(), traits: try form.array { form throws(KeptForm.Unreadable) in
                Trait(name: try form.string(), score: try form.int(), level: TraitLevel(code: try form.string()), comment: try form.string())
            })
        }
        let aptitude = try form.optional { form throws(KeptForm.Unreadable) in
            Aptitude(grade: try form.string(), percentile: try form.int(), games: try form.array { form throws(KeptForm.Unreadable) in
                AptitudeGame(name: try form.string(), score: try form.int(), maxScore: try form.int(),
                             percentile: try form.int(), comment: try form.string())
            })
        }
        let keywords = try form.optional { form throws(KeptForm.Unreadable) in try form.array { form throws(KeptForm.Unreadable) in try form.string() } }
        return .ready(AnalysisReport(tips: tips, character: character, aptitude: aptitude, keywords: keywords))
    }
}
