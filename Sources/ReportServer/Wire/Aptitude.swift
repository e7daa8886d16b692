/// The aptitude section: an overall grade and the games it was measured with.
struct Aptitude: Codable, Sendable, Equatable {
    struct Game: Codable, Sendable, Equatable {
        var name: String
        var score: Int
        var maxScore: Int
        var percentile: Int
        var comment: String
    }

    enum Grade: String, Codable, Sendable {
        case a = "A", b = "B", c = "C", d = "D", e = "E"
    }

    var grade: Grade
    var percentile: Int
    var games: [Game]

    func validate(_ path: String) throws(DataProblem) {
        try Percent.check(percentile, "\(path).percentile")
        for (index, game) in games.enumerated() {
            let gamePath = "\(path).games[\(index)]"
            try Percent.check(game.percentile, "\(gamePath).percentile")
            if game.maxScore <= 0 {
                throw DataProblem(path: "\(gamePath).maxScore", message: "must be positive")
            }
            if game.score < 0 || game.score > game.maxScore {
                throw DataProblem(path: "\(gamePath).score", message: "\(game.score) is not within 0...\(game.maxScore)")
            }
        }
    }
}
