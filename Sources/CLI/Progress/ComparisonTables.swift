import Domain
import Presentation
import Terminal

/// `compare`'s tables, once for every format (terminal, Markdown, HTML): each trait's, the
/// aptitude's and each game's, and the video's measures, as cells a person reads — scores,
/// `top N%` for a percentile, the change last (`▲ 14`, `▼ 3`; a speaking rate's `+32`, which is
/// neither better nor worse) — with the notes that go under a table.
struct ComparisonTables: Sendable {
    struct Table: Sendable {
        let header: [String]
        let rows: [[String]]
        /// Lines under the table (the questions the video's rows are numbered by).
        let notes: [String]
    }

    let tables: [Table]

    init(_ comparison: ReportComparison, words: ProgressWords = .english) {
        var tables: [Table] = []
        let change = ChangeText.text
        if !comparison.traits.isEmpty {
            tables.append(Table(header: [words.character, "A", "B", words.change], rows: comparison.traits.map { trait in
                [trait.name, trait.before.map(String.init) ?? "—", trait.after.map(String.init) ?? "—", change(trait.change)]
            }, notes: []))
        }
        let top: (Int) -> String = { words.top($0) }
        let (before, after) = (comparison.before.aptitude, comparison.after.aptitude)
        var aptitudeRows: [[String]] = []
        if before != nil || after != nil {
            aptitudeRows.append([words.grade, before?.grade ?? "—", after?.grade ?? "—", change(comparison.gradeSteps)])
            let percentiles: [String] = [before.map { top($0.percentile) } ?? "—", after.map { top($0.percentile) } ?? "—"]
            aptitudeRows.append([words.percentile] + percentiles + [change(comparison.percentileChange)])
        }
        for game in comparison.games {
            let scores: [String] = [game.before.map { "\($0.score)/\($0.maxScore)" } ?? "—",
                                    game.after.map { "\($0.score)/\($0.maxScore)" } ?? "—"]
            let difference: String = game.scoreChange.map(change) ?? game.percentOfMaxChange.map { words.pointsOfMax(change($0)) } ?? "—"
            aptitudeRows.append([game.name] + scores + [difference])
        }
        if !aptitudeRows.isEmpty {
            tables.append(Table(header: [words.aptitude, "A", "B", words.change], rows: aptitudeRows, notes: []))
        }
        if !comparison.video.isEmpty {
            var questions: [String] = []
            var labels: Set<String> = []
            let rows: [[String]] = comparison.video.compactMap { item in
                let changeText = item.measure.higherIsBetter ? change(item.change) : ChangeText.plain(item.change)
                let cells = [item.before.map(String.init) ?? "—", item.after.map(String.init) ?? "—", changeText]
                guard let question = item.question else { return [words.measure(item.measure)] + cells }
                // Per question, the two measures a member practises; the rate is in the mean.
                guard item.measure.isScore else { return nil }
                if labels.insert(words.question(item.number)).inserted { questions.append(words.questionNote(item.number, question)) }
                return [words.questionMeasure(item.number, item.measure)] + cells
            }
            tables.append(Table(header: [words.video, "A", "B", words.change], rows: rows, notes: questions))
        }
        self.tables = tables
    }

    /// The trend's video rows: each measure's mean, then gaze and voice per question asked more
    /// than once (`Q1 gaze`), with the notes that say what each question number is.
    static func trendVideo(_ trend: ProgressTrend, words: ProgressWords = .english) -> (series: [ProgressTrend.Series], notes: [String]) {
        let means = trend.video.map { $0.named(VideoMeasure(rawValue: $0.name).map(words.measure) ?? $0.name) }
        let labels = questionLabels(trend)
        var notes: [String] = []
        var noted: Set<Int> = []
        let questions = trend.videoQuestions.map { item in
            let label = labels[ProgressName.key(item.question)] ?? item.number
            if noted.insert(label).inserted { notes.append(words.questionNote(label, item.question)) }
            return item.series.named(words.questionMeasure(label, item.measure))
        }
        return (means + questions, notes)
    }

    /// The number each of the trend's questions goes by (keyed by `ProgressName.key`): its number
    /// in the newest report that asked it, unless two questions share one (a trend over company
    /// and personality interviews has two first questions) — then 1, 2, 3… in the order first
    /// asked, so that no label stands for two questions.
    static func questionLabels(_ trend: ProgressTrend) -> [String: Int] {
        var order: [(key: String, number: Int)] = []
        for item in trend.videoQuestions where !order.contains(where: { $0.key == ProgressName.key(item.question) }) {
            order.append((ProgressName.key(item.question), item.number))
        }
        let own = Set(order.map(\.number)).count == order.count
        return Dictionary(uniqueKeysWithValues: order.enumerated().map { index, item in (item.key, own ? item.number : index + 1) })
    }
}
