import Domain
import Presentation
import Terminal

/// `report trend --format csv` (`schema/trend.csv.json`): one row a measure of one interview —
/// each point of each trait, game and video series (a video question's with its measure, number
/// and text), then the aptitude's grade and percentile of each interview — in the order of the
/// `--jsonl` lines, so that a spreadsheet's pivot table makes the series again.
struct TrendCSV: CSVTable {
    static let columns: [Message] = [.csvKind, .csvName, .csvMeasure, .csvQuestionNumber, .csvQuestion, .csvTermNo, .csvRegDate,
                                     .csvValue, .csvScore, .csvMaxScore, .csvGrade, .csvPercentile]

    let trend: ProgressTrend

    var rows: [[CSVWriter.Cell]] {
        let series = trend.traits.map { ("trait", $0, ProgressTrend.QuestionSeries?.none) }
            + trend.games.map { ("game", $0, ProgressTrend.QuestionSeries?.none) }
            + trend.video.map { ("video", $0, ProgressTrend.QuestionSeries?.none) }
            + trend.videoQuestions.map { ("videoQuestion", $0.series, Optional($0)) }
        var rows: [[CSVWriter.Cell]] = []
        for (kind, series, question) in series {
            for point in series.points {
                rows.append([.text(kind), .text(series.name), .text(question?.measure.rawValue), .number(question?.number),
                             .text(question?.question), .number(Int(point.termNo.rawValue)), .kst(point.registeredAt),
                             .number(point.value), .number(point.score), .number(point.maxScore), .empty, .empty])
            }
        }
        for point in trend.aptitude {
            rows.append([.text("aptitude"), .text("aptitude"), .empty, .empty, .empty, .number(Int(point.termNo.rawValue)),
                         .kst(point.registeredAt), .empty, .empty, .empty, .text(point.grade), .number(point.percentile)])
        }
        return rows
    }
}
