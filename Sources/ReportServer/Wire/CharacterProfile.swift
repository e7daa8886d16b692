/// The character (personality) section: a type and scored traits. `Character` on the wire.
struct CharacterProfile: Codable, Sendable, Equatable {
    struct Trait: Codable, Sendable, Equatable {
        var name: String
        var score: Int
        var level: Level
        var comment: String
    }

    enum Level: String, Codable, Sendable {
        case low = "LOW"
        case mid = "MID"
        case high = "HIGH"
    }

    var type: String
    var description: String
    var traits: [Trait]

    func validate(_ path: String) throws(DataProblem) {
        for (index, trait) in traits.enumerated() {
            try Percent.check(trait.score, "\(path).traits[\(index)].score")
        }
    }
}
