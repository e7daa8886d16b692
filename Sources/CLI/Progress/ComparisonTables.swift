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

    init(_ comparison: ReportComparison) {
        typealias Words = ProgressWords
        var tables: [Table] = []
        let change = ChangeText.text
        if !comparison.traits.isEmpty {
            tables.append(Table(header: [Words.character, "A", "B", Words.change], rows: comparison.traits.map { trait in
                [trait.name, trait.before.map(String.init) ?? "—", trait.after.map(String.init) ?? "—", change(trait.change)]
            }, notes: []))
        }
        let top: (Int) -> String = { SectionFormatter.topText($0) }
        let (before, after) = (comparison.before.aptitude, comparison.after.aptitude)
        var aptitudeRows: [[String]] = []
        if before != nil || after != nil {
            aptitudeRows.append([Words.grade, before?.grade ?? "—", after?.grade ?? "—", change(comparison.gradeSteps)])
            let percentiles: [String] = [before.map { top($0.percentile) } ?? "—", after.map { top($0.percentile) } ?? "—"]
            aptitudeRows.append([Words.percentile] + percentiles + [change(comparison.percentileChange)])
        }
        for game in comparison.games {
            let scores: [String] = [game.before.map { "\($0.score)/\($0.maxScore)" } ?? "—",
                                    game.after.map { "\($0.score)/\($0.maxScore)" } ?? "—"]
            let difference: String = game.scoreChange.map(change) ?? game.percentOfMaxChange.map { change($0) + " pp" } ?? "—"
            aptitudeRows.append([game.name] + scores + [difference])
        }
        if !aptitudeRows.isEmpty {
            tables.append(Table(header: [Words.aptitude, "A", "B", Words.change], rows: aptitudeRows, notes: []))
        }
        if !comparison.video.isEmpty {
            var questions: [String] = []
            var labels: Set<String> = []
            let rows: [[String]] = comparison.video.compactMap { item in
                let changeText = item.measure.higherIsBetter ? change(item.change) : ChangeText.plain(item.change)
                let cells = [item.before.map(String.init) ?? "—", item.after.map(String.init) ?? "—", changeText]
                guard let question = item.question else { return [Words.measure(item.measure)] + cells }
                // Per question, the two measures a member practises; the rate is in the mean.
                guard item.measure.isScore else { return nil }
                let label = Words.question(item.number)
                if labels.insert(label).inserted { questions.append(label + "  " + PrintableText.line(question)) }
                return [label + " " + Words.measure(item.measure)] + cells
            }
            tables.append(Table(header: [Words.video, "A", "B", Words.change], rows: rows, notes: questions))
        }
        self.tables = tables
    }
}
