/// Two reports side by side (`report compare A B`): per trait and per game the scores and the
/// change from A to B, the aptitude grade and percentile, keywords gained and lost, and the
/// sections only one of them has. Traits and games match by name (`ProgressName`), whatever the
/// interviews' kinds; one that only one report has is listed with the other side nil.
public struct ReportComparison: Hashable, Sendable {
    public struct ScoreChange: Hashable, Sendable {
        public let name: String
        public let before: Int?
        public let after: Int?

        /// `after - before`, when both reports have it.
        public var change: Int? {
            guard let before, let after else { return nil }
            return after - before
        }
    }

    public struct GameChange: Hashable, Sendable {
        public let name: String
        public let before: AptitudeGame?
        public let after: AptitudeGame?

        /// The score's change, when both reports scored the game out of the same maximum.
        public var scoreChange: Int? {
            guard let before, let after, before.maxScore == after.maxScore else { return nil }
            return after.score - before.score
        }

        /// The change in percent of the maximum (what differing maxima are compared in).
        public var percentOfMaxChange: Int? {
            guard let before = before?.percentOfMax, let after = after?.percentOfMax else { return nil }
            return after - before
        }

        public var percentileChange: Int? {
            guard let before, let after else { return nil }
            return after.percentile - before.percentile
        }
    }

    /// A video measure in each report: its mean over the answers (`question` nil), or its value
    /// for one question both reports asked (matched by its text as `ProgressName` matches names).
    public struct VideoChange: Hashable, Sendable {
        public let measure: VideoMeasure
        /// The question as A asked it; nil for the mean over all answers.
        public let question: String?
        /// The question's number in B (the later report, as a member last saw it).
        public let number: Int?
        public let before: Int?
        public let after: Int?

        public var change: Int? {
            guard let before, let after else { return nil }
            return after - before
        }
    }

    public let before: ReportSnapshot
    public let after: ReportSnapshot
    /// Each measure's mean, when either report has a video (the other side nil when it has
    /// none); then, per question both asked in A's order, each measure.
    public let video: [VideoChange]
    public let traits: [ScoreChange]
    public let games: [GameChange]
    public let keywordsGained: [String]
    public let keywordsLost: [String]
    /// Sections that only A (or only B) shows with data.
    public let sectionsOnlyBefore: [ReportSection]
    public let sectionsOnlyAfter: [ReportSection]

    public init(before: ReportSnapshot, after: ReportSnapshot) {
        self.before = before
        self.after = after
        traits = Self.matched(before.traits, after.traits, name: \.name) { name, old, new in
            ScoreChange(name: name, before: old?.score, after: new?.score)
        }
        games = Self.matched(before.games, after.games, name: \.name) { name, old, new in
            GameChange(name: name, before: old, after: new)
        }
        let oldKeywords = before.keywords ?? [], newKeywords = after.keywords ?? []
        let oldKeys = Set(oldKeywords.map(ProgressName.key)), newKeys = Set(newKeywords.map(ProgressName.key))
        keywordsGained = Self.unique(newKeywords.filter { !oldKeys.contains(ProgressName.key($0)) })
        keywordsLost = Self.unique(oldKeywords.filter { !newKeys.contains(ProgressName.key($0)) })
        sectionsOnlyBefore = before.sections.filter { !after.sections.contains($0) }
        sectionsOnlyAfter = after.sections.filter { !before.sections.contains($0) }
        video = Self.videoChanges(before, after)
    }

    /// Whether A was taken after B: the changes then run back in time.
    public var beforeIsNewer: Bool { InterviewDate.isNewer(before.interview, than: after.interview) }

    /// The two reports compared from the one taken first to the one taken later, whichever order
    /// they were given in, so that a change always reads as progress (`▲` better since then);
    /// `reordered` when `second` was taken before `first`. Equal or unreadable dates keep the order
    /// given.
    public static func inTimeOrder(_ first: ReportSnapshot, _ second: ReportSnapshot) -> (comparison: ReportComparison, reordered: Bool) {
        let reordered = InterviewDate.isNewer(first.interview, than: second.interview)
        return (reordered ? ReportComparison(before: second, after: first) : ReportComparison(before: first, after: second), reordered)
    }

    private static func videoChanges(_ before: ReportSnapshot, _ after: ReportSnapshot) -> [VideoChange] {
        guard before.video != nil || after.video != nil else { return [] }
        var changes = VideoMeasure.allCases.map { measure in
            VideoChange(measure: measure, question: nil, number: nil, before: before.videoMean(measure), after: after.videoMean(measure))
        }
        let questions = matched(before.videoQuestions, after.videoQuestions, name: \.question) { name, old, new in (name, old, new) }
        for (name, old, new) in questions {
            guard let old, let new else { continue }
            changes += VideoMeasure.allCases.map { measure in
                VideoChange(measure: measure, question: name, number: new.number, before: measure.value(old), after: measure.value(new))
            }
        }
        return changes
    }

    /// The aptitude grade change in steps (positive: better), when both have a known grade.
    public var gradeSteps: Int? {
        guard let old = before.aptitude?.grade, let new = after.aptitude?.grade else { return nil }
        return AptitudeGrade.steps(from: old, to: new)
    }

    public var percentileChange: Int? {
        guard let old = before.aptitude?.percentile, let new = after.aptitude?.percentile else { return nil }
        return new - old
    }

    /// A's items in A's order, then B's new ones in B's order; each name once (the first of a
    /// report that repeats one counts).
    static func matched<Item, Change>(_ old: [Item], _ new: [Item], name: KeyPath<Item, String>,
                                      _ make: (String, Item?, Item?) -> Change) -> [Change] {
        var newByKey: [String: Item] = [:]
        for item in new where newByKey[ProgressName.key(item[keyPath: name])] == nil {
            newByKey[ProgressName.key(item[keyPath: name])] = item
        }
        var seen: Set<String> = []
        var changes: [Change] = []
        for item in old where seen.insert(ProgressName.key(item[keyPath: name])).inserted {
            changes.append(make(item[keyPath: name], item, newByKey[ProgressName.key(item[keyPath: name])]))
        }
        for item in new where seen.insert(ProgressName.key(item[keyPath: name])).inserted {
            changes.append(make(item[keyPath: name], nil, item))
        }
        return changes
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen: Set<String> = []
        return words.filter { seen.insert(ProgressName.key($0)).inserted }
    }
}
