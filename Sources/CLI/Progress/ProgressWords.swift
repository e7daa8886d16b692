import Domain
import Presentation
import Terminal

/// The words `compare` and `trend` show a person, in the terminal and on their pages: one place,
/// to move into the catalog with the rest.
enum ProgressWords {
    static func compareHeading(_ a: TermNumber, _ b: TermNumber) -> String { "Compare term \(a) → term \(b)" }
    static func latest(_ kind: ItemType) -> String {
        "the two newest \(InterviewKindWords.name(kind).lowercased())s whose analysis is done"
    }
    static let newerFirst = "A is newer than B: each change runs back in time, from the later interview to the earlier."
    static let character = "Character", aptitude = "Aptitude", video = "Video", keywords = "Keywords"
    static let gamesOfMax = "Games (% of max)"
    static let grade = "grade", percentile = "percentile"
    static let first = "first", last = "last", best = "best", change = "change"
    static let same = "the same", gained = "gained: ", lost = "lost: "
    static func onlyIn(_ side: String) -> String { "Only in \(side): " }
    static func trendHeading(_ count: Int) -> String { "Trend over \(count) interviews" }
    static func bucket(_ size: Int) -> String { "each mark: \(size) interviews; · none" }
    static let improved = "Improved most: ", fell = "Fell: "
    static func more(_ count: Int) -> String { "and \(count) more" }
    static func measure(_ measure: VideoMeasure) -> String {
        switch measure {
        case .gazeStability: "gaze"
        case .voiceStability: "voice"
        case .speechRate: "syllables/min"
        }
    }
    /// What a series of the trend's summary is called: a trait or game by its name, a video
    /// question by its label (`ComparisonTables.questionLabels`).
    static func subject(_ subject: ProgressTrend.Subject, labels: [String: Int]) -> String {
        switch subject {
        case .trait(let name), .game(let name): name
        case .grade: grade
        case .percentile: percentile
        case .video(let measure): Self.measure(measure)
        case .videoQuestion(let measure, let number, let question):
            questionMeasure(labels[ProgressName.key(question)] ?? number, measure)
        }
    }
    static func question(_ number: Int?) -> String { "Q\(number.map(String.init) ?? "?")" }
    /// "Q2 gaze": a measure of one question.
    static func questionMeasure(_ number: Int?, _ measure: VideoMeasure) -> String { question(number) + " " + self.measure(measure) }
    /// "Q2  협업 중 갈등을 …": the note under a table that says what a question number is.
    static func questionNote(_ number: Int?, _ text: String) -> String { question(number) + "  " + PrintableText.line(text) }
    static func term(_ term: TermNumber) -> String { "term \(term)" }
}
