/// Progress over many reports (`report trend`): for every trait and every game seen in more than
/// one report, its values over time with the first, the last and the best; the aptitude grade
/// and percentile over time; the video's gaze and voice over time, as a mean and per question
/// where the reports asked the same one; and what rose and what fell.
/// Reports are taken in the order they were taken in (`InterviewDate`), whatever order they are
/// given in; every series is also laid on that one time axis (`slots`), a report without the
/// value a gap.
public struct ProgressTrend: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        public let termNo: TermNumber
        /// As the service sent it (ISO-8601), when it did.
        public let registeredAt: String?
        /// A trait's score, or a game's score in percent of its maximum (0–100).
        public let value: Int
        /// A game's own score and maximum; nil for a trait.
        public let score: Int?
        public let maxScore: Int?
    }

    public struct Series: Hashable, Sendable {
        public let name: String
        /// Oldest first; at least two.
        public let points: [Point]
        /// The value at each of the trend's reports, oldest first; nil where that report has none.
        public let slots: [Int?]

        public var first: Point { points[0] }
        public var last: Point { points[points.count - 1] }
        /// The highest value; the earliest of equal ones.
        public var best: Point { points.max { $0.value < $1.value } ?? first }
        public var change: Int { last.value - first.value }

        /// The same series under another name (a video measure's, as a person reads it).
        public func named(_ name: String) -> Series {
            Series(name: name, points: points, slots: slots)
        }
    }

    public struct AptitudePoint: Hashable, Sendable {
        public let termNo: TermNumber
        public let registeredAt: String?
        public let grade: String
        public let percentile: Int
    }

    /// A video measure (gaze or voice) of one question asked in more than one report, matched
    /// by its text as `ProgressName` matches names.
    public struct QuestionSeries: Hashable, Sendable {
        public let measure: VideoMeasure
        /// The question as it was first asked.
        public let question: String
        /// Its number in the newest report that asked it (as a member last saw it).
        public let number: Int
        /// Named by the question.
        public let series: Series
    }

    /// What a change in the summary is of.
    public enum Subject: Hashable, Sendable {
        case trait(String)
        case grade
        case percentile
        /// In percent of the game's maximum.
        case game(String)
        case video(VideoMeasure)
        /// A measure of one question (`videoQuestions`): its number and text.
        case videoQuestion(VideoMeasure, number: Int, question: String)
    }

    /// One series' change from its first value to its last: grade in steps (positive: better),
    /// the rest in points.
    public struct Change: Hashable, Sendable {
        public let subject: Subject
        public let change: Int

        public init(subject: Subject, change: Int) {
            self.subject = subject
            self.change = change
        }
    }

    /// Oldest first.
    public let reports: [ReportSnapshot]
    public let traits: [Series]
    public let games: [Series]
    public let aptitude: [AptitudePoint]
    /// The aptitude at each report, oldest first; nil where a report has none.
    public let aptitudeSlots: [AptitudePoint?]
    /// The video's gaze and voice (each the mean over a report's answers), named by their
    /// `VideoMeasure` raw value, when more than one report has a video.
    public let video: [Series]
    /// Gaze and voice per question, for each question more than one report asked: the
    /// questions in the order first asked, gaze then voice of each.
    public let videoQuestions: [QuestionSeries]

    public init(reports: [ReportSnapshot]) {
        let reports = InterviewDate.oldestFirst(reports, interview: \.interview)
        self.reports = reports
        traits = Self.series(reports) { report in report.traits.map { ($0.name, $0.score, nil, nil) } }
        games = Self.series(reports) { report in
            report.games.compactMap { game in game.percentOfMax.map { (game.name, $0, game.score, game.maxScore) } }
        }
        video = Self.series(reports) { report in
            VideoMeasure.allCases.filter(\.isScore).compactMap { measure in report.videoMean(measure).map { (measure.rawValue, $0, nil, nil) } }
        }
        videoQuestions = Self.questionSeries(reports)
        aptitudeSlots = reports.map { report in
            report.aptitude.map { AptitudePoint(termNo: report.termNo, registeredAt: report.interview.registeredAt,
                                                grade: $0.grade, percentile: $0.percentile) }
        }
        aptitude = aptitudeSlots.compactMap { $0 }
    }

    /// Traits that rose, most first (the `--json` document's `improved`).
    public var improved: [Series] {
        traits.filter { $0.change > 0 }.sorted { $0.change > $1.change }
    }

    /// Traits that fell, most first (the `--json` document's `fell`).
    public var fell: [Series] {
        traits.filter { $0.change < 0 }.sorted { $0.change < $1.change }
    }

    /// Every series the trend shows, with its change: traits, the grade, the percentile, games
    /// and the video's measures, in that order.
    public var changes: [Change] {
        var changes = traits.map { Change(subject: .trait($0.name), change: $0.change) }
        if aptitude.count > 1, let first = aptitude.first, let last = aptitude.last {
            if let steps = AptitudeGrade.steps(from: first.grade, to: last.grade) { changes.append(Change(subject: .grade, change: steps)) }
            changes.append(Change(subject: .percentile, change: last.percentile - first.percentile))
        }
        changes += games.map { Change(subject: .game($0.name), change: $0.change) }
        changes += video.compactMap { series in
            VideoMeasure(rawValue: series.name).map { Change(subject: .video($0), change: series.change) }
        }
        changes += videoQuestions.map { item in
            Change(subject: .videoQuestion(item.measure, number: item.number, question: item.question), change: item.series.change)
        }
        return changes
    }

    /// Every series that rose: the grade first (it moves in steps), then the most first.
    public var rose: [Change] { Self.ranked(changes.filter { $0.change > 0 }) }

    /// Every series that fell: the grade first, then the most first.
    public var fellAll: [Change] { Self.ranked(changes.filter { $0.change < 0 }) }

    private static func ranked(_ changes: [Change]) -> [Change] {
        changes.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if (a.subject == .grade) != (b.subject == .grade) { return a.subject == .grade }
            if abs(a.change) != abs(b.change) { return abs(a.change) > abs(b.change) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Per question asked in more than one report, its gaze and voice series.
    private static func questionSeries(_ reports: [ReportSnapshot]) -> [QuestionSeries] {
        let measures = VideoMeasure.allCases.filter(\.isScore)
        let byMeasure = measures.map { measure in
            series(reports) { report in report.videoQuestions.map { ($0.question, measure.value($0), nil, nil) } }
        }
        guard let questions = byMeasure.first else { return [] }
        return questions.flatMap { question in
            let key = ProgressName.key(question.name)
            let newest = reports.last { report in report.videoQuestions.contains { ProgressName.key($0.question) == key } }
            let number = newest?.videoQuestions.first { ProgressName.key($0.question) == key }?.number ?? 0
            return zip(measures, byMeasure).compactMap { measure, all in
                all.first { ProgressName.key($0.name) == key }
                    .map { QuestionSeries(measure: measure, question: question.name, number: number, series: $0) }
            }
        }
    }

    /// Series of the names that appear in more than one report, in the order first seen.
    private static func series(_ reports: [ReportSnapshot],
                               values: (ReportSnapshot) -> [(name: String, value: Int, score: Int?, maxScore: Int?)]) -> [Series] {
        var order: [String] = []
        var names: [String: String] = [:]
        var points: [String: [Point]] = [:]
        var slots: [String: [Int?]] = [:]
        for (index, report) in reports.enumerated() {
            var seenHere: Set<String> = []
            for item in values(report) {
                let key = ProgressName.key(item.name)
                guard seenHere.insert(key).inserted else { continue }
                if names[key] == nil {
                    names[key] = item.name
                    order.append(key)
                }
                points[key, default: []].append(Point(termNo: report.termNo, registeredAt: report.interview.registeredAt,
                                                      value: item.value, score: item.score, maxScore: item.maxScore))
                slots[key, default: Array(repeating: nil, count: reports.count)][index] = item.value
            }
        }
        return order.compactMap { key in
            guard let name = names[key], let points = points[key], let slots = slots[key], points.count > 1 else { return nil }
            return Series(name: name, points: points, slots: slots)
        }
    }
}
