import Domain
import Presentation
import Terminal

/// The words `compare` and `trend` show a person, in the terminal and on their pages, in the
/// language of `words` (the catalog's `progress…` messages; docs/GLOSSARY.md's words).
struct ProgressWords: Sendable {
    let words: Words

    init(_ words: Words) {
        self.words = words
    }

    static let english = ProgressWords(.english)

    func compareHeading(_ a: TermNumber, _ b: TermNumber) -> String {
        words(.progressCompareHeading, ["before": "\(a)", "after": "\(b)"])
    }
    func latest(_ kind: ItemType) -> String {
        words(.progressLatest, ["kind": InterviewKindWords.name(kind, words: words).lowercased()])
    }
    /// What `compare` says on stderr about the two it was given: one interview compared with
    /// itself; the terms compared the other way round, the older first; two kinds of interview.
    func compareNotices(_ data: ComparisonViewData) -> [String] {
        let (before, after) = (data.comparison.before.interview, data.comparison.after.interview)
        if data.sameInterview { return [words(.progressSameInterview, ["term": "\(before.termNo)"])] }
        var notices: [String] = []
        if data.reordered { notices.append(words(.progressReordered, ["older": "\(before.termNo)", "newer": "\(after.termNo)"])) }
        if data.kindsDiffer {
            notices.append(words(.progressKindsDiffer, ["before": InterviewKindWords.name(before.itemType, words: words).lowercased(),
                                                        "after": InterviewKindWords.name(after.itemType, words: words).lowercased()]))
        }
        return notices
    }
    var character: String { words[.headingCharacter] }
    var aptitude: String { words[.headingAptitude] }
    var video: String { words[.progressVideo] }
    var keywords: String { words[.headingKeywords] }
    var gamesOfMax: String { words[.progressGamesOfMax] }
    var grade: String { words[.progressGrade] }
    var percentile: String { words[.progressPercentile] }
    var first: String { words[.progressFirst] }
    var last: String { words[.progressLast] }
    var best: String { words[.progressBest] }
    var change: String { words[.progressChange] }
    /// The best value and the interview it was reached in: `92 (1027)`, Korean `92(1027)`.
    func bestValue(_ value: String, _ term: TermNumber) -> String { words(.progressBestValue, ["value": value, "term": "\(term)"]) }
    var same: String { words[.progressSame] }
    var gained: String { words[.progressGained] }
    var lost: String { words[.progressLost] }
    func onlyIn(_ side: String) -> String { words(.progressOnlyIn, ["side": side]) }
    /// A change in percent of the maximum, in percentage points (`▲ 10 pp`; Korean `▲ 10%p`).
    func pointsOfMax(_ change: String) -> String { words(.progressPointsOfMax, ["change": change]) }
    func trendHeading(_ count: Int) -> String { words(.progressTrendHeading, ["count": String(count)]) }
    func bucket(_ size: Int) -> String { words(.progressBucket, ["size": String(size)]) }
    var improved: String { words[.progressImproved] }
    var fell: String { words[.progressFell] }
    func more(_ count: Int) -> String { words(.progressMore, ["count": String(count)]) }
    func measure(_ measure: VideoMeasure) -> String {
        switch measure {
        case .gazeStability: words[.progressGaze]
        case .voiceStability: words[.progressVoice]
        case .speechRate: words[.progressSpeechRate]
        }
    }
    /// The headings of the sections only one report has, in this language.
    func sections(_ sections: [ReportSection]) -> String {
        sections.map { $0.heading(words) }.joined(separator: ", ")
    }
    /// What a series of the trend's summary is called: a trait or game by its name, a video
    /// question by its label (`ComparisonTables.questionLabels`).
    func subject(_ subject: ProgressTrend.Subject, labels: [String: Int]) -> String {
        switch subject {
        case .trait(let name), .game(let name): name
        case .grade: grade
        case .percentile: percentile
        case .video(let measure): self.measure(measure)
        case .videoQuestion(let measure, let number, let question):
            questionMeasure(labels[ProgressName.key(question)] ?? number, measure)
        }
    }
    /// "Q2": a question's label, the same in every language.
    func question(_ number: Int?) -> String { "Q\(number.map(String.init) ?? "?")" }
    /// "Q2 gaze": a measure of one question.
    func questionMeasure(_ number: Int?, _ measure: VideoMeasure) -> String { question(number) + " " + self.measure(measure) }
    /// "Q2  협업 중 갈등을 …": the note under a table that says what a question number is.
    func questionNote(_ number: Int?, _ text: String) -> String { question(number) + "  " + PrintableText.line(text) }
    func term(_ term: TermNumber) -> String { words(.termNumber, ["term": "\(term)"]) }
    /// The top-N% framing of a percentile, as the report shows it.
    func top(_ percentile: Int) -> String { SectionFormatter.topText(percentile, words: words) }
}
