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
            let path = "character.traits[\(index)]"
            // A level this client does not know is kept as sent.
            let level = TraitLevel(code: PrintableText.line(trait.level))
            return Domain.Trait(name: PrintableText.line(trait.name),
                                score: try percentage(trait.score, at: "\(path).score"),
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
            throw DTOMappingError("aptitude.grade must be A to E, got \(quoted(grade))")
        }
        return Aptitude(grade: grade, percentile: try percentage(percentile, at: "aptitude.percentile"),
                        games: try games.enumerated().map { index, game throws(DTOMappingError) in
            let path = "aptitude.games[\(index)]"
            guard game.maxScore > 0, (0...game.maxScore).contains(game.score) else {
                throw DTOMappingError("\(path).score must be between 0 and maxScore (\(game.maxScore)), got \(game.score)")
            }
            return AptitudeGame(name: PrintableText.line(game.name), score: game.score, maxScore: game.maxScore,
                                percentile: try percentage(game.percentile, at: "\(path).percentile"),
                                comment: PrintableText.paragraphs(game.comment))
        })
    }
}
