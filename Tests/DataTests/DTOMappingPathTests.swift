@testable import Data
import Domain
import Testing

/// A value out of its range is named by its path in the response, index included: the path is
/// made only when there is an error to say, and must name the element that has it.
@Suite("The path a mapping error names")
struct DTOMappingPathTests {
    @Test func aValueOutOfRangeIsNamedByItsPathAndIndex() {
        let character = CharacterDTO(type: "t", description: "d", traits: [
            .init(name: "a", score: 50, level: "HIGH", comment: "c"),
            .init(name: "b", score: 140, level: "HIGH", comment: "c"),
        ])
        #expect(throws: DTOMappingError(.detailContractPercentage, ["path": .data("character.traits[1].score"), "value": .data("140")])) {
            try character.toDomain()
        }
        let game = AptitudeDTO.Game(name: "g", score: 5, maxScore: 10, percentile: 50, comment: "")
        let tooHigh = AptitudeDTO.Game(name: "h", score: 11, maxScore: 10, percentile: 50, comment: "")
        #expect(throws: DTOMappingError(.detailContractGameScore, ["path": .data("aptitude.games[2]"), "max": .data("10"), "score": .data("11")])) {
            try AptitudeDTO(grade: "A", percentile: 50, games: [game, game, tooHigh]).toDomain()
        }
        let badPercentile = AptitudeDTO.Game(name: "p", score: 5, maxScore: 10, percentile: 101, comment: "")
        #expect(throws: DTOMappingError(.detailContractPercentage, ["path": .data("aptitude.games[1].percentile"), "value": .data("101")])) {
            try AptitudeDTO(grade: "A", percentile: 50, games: [game, badPercentile]).toDomain()
        }
        #expect(throws: DTOMappingError(.detailContractPercentage, ["path": .data("aptitude.percentile"), "value": .data("-1")])) {
            try AptitudeDTO(grade: "A", percentile: -1, games: [game]).toDomain()
        }
        func question(gaze: Int, voice: Int, seconds: Int = 30) -> VideoReportResponseDTO.Question {
            .init(no: 1, question: "q", answerSeconds: seconds, speechRate: 100, gazeStability: gaze, voiceStability: voice, feedback: "f")
        }
        #expect(throws: DTOMappingError(.detailContractPercentage, ["path": .data("result.questions[1].voiceStability"), "value": .data("120")])) {
            try VideoReportResponseDTO(result: .init(questions: [question(gaze: 1, voice: 2), question(gaze: 3, voice: 120)])).toDomain()
        }
        #expect(throws: DTOMappingError(.detailContractNegativeVideo, ["path": .data("result.questions[0]")])) {
            try VideoReportResponseDTO(result: .init(questions: [question(gaze: 1, voice: 2, seconds: -1)])).toDomain()
        }
    }
}
