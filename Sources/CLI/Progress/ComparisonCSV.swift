import Domain
import Presentation
import Terminal

/// `report compare --format csv` (`schema/compare.csv.json`): one row a measure — each trait,
/// each game (its score), the aptitude's grade and percentile, each video measure (a question's
/// with its number and text) — with its value before and after and the change, and the two
/// interviews' term numbers on every row.
struct ComparisonCSV: CSVTable {
    static let columns: [Message] = [.csvKind, .csvName, .csvMeasure, .csvQuestionNumber, .csvQuestion, .csvBefore, .csvAfter,
                                     .csvChange, .csvBeforeTermNo, .csvAfterTermNo]

    let comparison: ReportComparison

    var rows: [[CSVWriter.Cell]] {
        let terms: [CSVWriter.Cell] = [.number(Int(comparison.before.interview.termNo.rawValue)),
                                       .number(Int(comparison.after.interview.termNo.rawValue))]
        var rows: [[CSVWriter.Cell]] = []
        for trait in comparison.traits {
            rows.append([.text("trait"), .text(trait.name), .empty, .empty, .empty,
                         .number(trait.before), .number(trait.after), .number(trait.change)] + terms)
        }
        for game in comparison.games {
            rows.append([.text("game"), .text(game.name), .empty, .empty, .empty,
                         .number(game.before?.score), .number(game.after?.score), .number(game.scoreChange)] + terms)
        }
        let before = comparison.before.aptitude, after = comparison.after.aptitude
        if before != nil || after != nil {
            rows.append([.text("grade"), .text("grade"), .empty, .empty, .empty,
                         .text(before?.grade), .text(after?.grade), .number(comparison.gradeSteps)] + terms)
            rows.append([.text("percentile"), .text("percentile"), .empty, .empty, .empty,
                         .number(before?.percentile), .number(after?.percentile), .number(comparison.percentileChange)] + terms)
        }
        for item in comparison.video {
            rows.append([.text(item.number == nil ? "video" : "videoQuestion"), .text(item.measure.rawValue),
                         .text(item.measure.rawValue), .number(item.number), .text(item.question),
                         .number(item.before), .number(item.after), .number(item.change)] + terms)
        }
        return rows
    }
}
