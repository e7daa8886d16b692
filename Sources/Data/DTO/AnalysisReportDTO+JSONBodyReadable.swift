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
