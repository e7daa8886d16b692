import Domain
import Terminal

/// `report trend --json` (`schema/trend.schema.json`) and `--jsonl` (`schema/trend-line.schema.json`:
/// a line a trait, game or video series — the video's means, then per question —, then one for
/// the aptitude). `improved` and `fell` are the traits that rose and fell, as they were in
/// version 1; `improvedSeries` and `fellSeries` are every series the summary covers, in its order.
struct TrendDocument: JSONWritable, Sendable {
    let trend: ProgressTrend

    init(_ trend: ProgressTrend) {
        self.trend = trend
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("aptitude")
            writer.array(trend.aptitude) { writer, point in Self.write(point, to: &writer) }
            writer.member("fell", trend.fell.map(\.name))
            writer.key("fellSeries")
            writer.array(trend.fellAll) { writer, change in Self.write(change, to: &writer) }
            writer.key("games")
            writer.array(trend.games) { writer, series in Self.write(series, kind: nil, to: &writer) }
            writer.member("improved", trend.improved.map(\.name))
            writer.key("improvedSeries")
            writer.array(trend.rose) { writer, change in Self.write(change, to: &writer) }
            writer.key("reports")
            writer.array(trend.reports) { writer, report in ReportDocument.InterviewObject(report.interview).write(to: &writer) }
            writer.schemaVersionMember()
            writer.key("traits")
            writer.array(trend.traits) { writer, series in Self.write(series, kind: nil, to: &writer) }
            writer.key("video")
            writer.array(trend.video) { writer, series in Self.write(series, kind: nil, to: &writer) }
            writer.key("videoQuestions")
            writer.array(trend.videoQuestions) { writer, item in Self.write(item.series, kind: nil, question: item, to: &writer) }
        }
    }

    /// The JSON Lines: each series a line (`"kind": "trait"` or `"game"`), then the aptitude's.
    func lines() -> [String] {
        var lines: [String] = []
        let series = trend.traits.map { ("trait", $0, ProgressTrend.QuestionSeries?.none) }
            + trend.games.map { ("game", $0, ProgressTrend.QuestionSeries?.none) }
            + trend.video.map { ("video", $0, ProgressTrend.QuestionSeries?.none) }
            + trend.videoQuestions.map { ("videoQuestion", $0.series, Optional($0)) }
        for (kind, series, question) in series {
            var writer = JSONWriter(pretty: false)
            Self.write(series, kind: kind, question: question, to: &writer)
            lines.append(writer.text + "\n")
        }
        var writer = JSONWriter(pretty: false)
        writer.object { writer in
            writer.member("kind", "aptitude")
            writer.key("points")
            writer.array(trend.aptitude) { writer, point in Self.write(point, to: &writer) }
            writer.schemaVersionMember()
        }
        lines.append(writer.text + "\n")
        return lines
    }

    /// A series; of a video question (`question`), with its measure, number and text.
    private static func write(_ series: ProgressTrend.Series, kind: String?, question: ProgressTrend.QuestionSeries? = nil,
                              to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("best")
            write(series.best, to: &writer)
            writer.member("change", series.change)
            writer.key("first")
            write(series.first, to: &writer)
            if let kind { writer.member("kind", kind) }
            writer.key("last")
            write(series.last, to: &writer)
            if let question { writer.member("measure", question.measure.rawValue) }
            writer.member("name", series.name)
            if let question { writer.member("number", question.number) }
            writer.key("points")
            writer.array(series.points) { writer, point in write(point, to: &writer) }
            if let question { writer.member("question", question.question) }
            if kind != nil { writer.schemaVersionMember() }
        }
    }

    /// One change of the summary: what it is of (`kind`, `name`; a video measure's `measure`, a
    /// question's `number` and `question`) and by how much (grade in steps, the rest in points).
    private static func write(_ change: ProgressTrend.Change, to writer: inout JSONWriter) {
        let (kind, name, measure, number, question): (String, String, VideoMeasure?, Int?, String?) = switch change.subject {
        case .trait(let trait): ("trait", trait, nil, nil, nil)
        case .grade: ("grade", "grade", nil, nil, nil)
        case .percentile: ("percentile", "percentile", nil, nil, nil)
        case .game(let game): ("game", game, nil, nil, nil)
        case .video(let video): ("video", video.rawValue, video, nil, nil)
        case .videoQuestion(let video, let index, let text): ("videoQuestion", text, video, index, text)
        }
        writer.object { writer in
            writer.member("change", change.change)
            writer.member("kind", kind)
            if let measure { writer.member("measure", measure.rawValue) }
            writer.member("name", name)
            if let number { writer.member("number", number) }
            if let question { writer.member("question", question) }
        }
    }

    private static func write(_ point: ProgressTrend.Point, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("maxScore", ifPresent: point.maxScore)
            writer.member("regDate", point.registeredAt)
            writer.member("score", ifPresent: point.score)
            writer.member("termNo", Int(point.termNo.rawValue))
            writer.member("value", point.value)
        }
    }

    private static func write(_ point: ProgressTrend.AptitudePoint, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("grade", point.grade)
            writer.member("percentile", point.percentile)
            writer.member("regDate", point.registeredAt)
            writer.member("termNo", Int(point.termNo.rawValue))
        }
    }
}
