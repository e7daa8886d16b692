/// One finished report with its interview: what progress across interviews is computed from.
/// Only the sections the interview's kind shows count (`ItemType.sections(of:)`, the one rule of
/// what a report has): a personality interview's aptitude data, which its report does not show,
/// is not compared either.
public struct ReportSnapshot: Hashable, Sendable {
    public let interview: InterviewTerm
    public let report: AnalysisReport
    /// The video report, when the interview has one (nil: none, or not asked for).
    public let video: VideoReport?

    public init(interview: InterviewTerm, report: AnalysisReport, video: VideoReport? = nil) {
        self.interview = interview
        self.report = report
        self.video = video
    }

    public var termNo: TermNumber { interview.termNo }

    /// The sections this report shows that have data, the title excluded.
    public var sections: [ReportSection] {
        interview.itemType.sections(of: report).filter { $0 != .title && report.hasData(for: $0) }
    }

    public var traits: [Trait] { sections.contains(.character) ? report.character?.traits ?? [] : [] }
    public var aptitude: Aptitude? { sections.contains(.aptitude) ? report.aptitude : nil }
    public var games: [AptitudeGame] { aptitude?.games ?? [] }
    public var keywords: [String]? { sections.contains(.keywords) ? report.keywords : nil }
    /// The video's questions that have answers; empty without a video report.
    public var videoQuestions: [VideoQuestion] { video?.questions ?? [] }

    /// A video measure's mean over the answered questions, rounded; nil without a video report.
    public func videoMean(_ measure: VideoMeasure) -> Int? {
        let values = videoQuestions.map(measure.value)
        guard !values.isEmpty else { return nil }
        return Int((Double(values.reduce(0, +)) / Double(values.count)).rounded())
    }
}

/// What the video report measures of each answer, as progress follows it: gaze and voice
/// stability (0–100, higher steadier) and the speaking rate (syllables a minute, neither better
/// nor worse for being higher). The raw values are the wire's field names.
public enum VideoMeasure: String, CaseIterable, Hashable, Sendable {
    case gazeStability, voiceStability, speechRate

    public func value(_ question: VideoQuestion) -> Int {
        switch self {
        case .gazeStability: question.gazeStability
        case .voiceStability: question.voiceStability
        case .speechRate: question.speechRate
        }
    }

    /// Whether a rise is better (gaze, voice) rather than only different (speaking rate).
    public var higherIsBetter: Bool { self != .speechRate }

    /// On the 0–100 scale of the sparklines.
    public var isScore: Bool { self != .speechRate }
}

/// How a trait or a game is recognised across reports, and across interview kinds: by its name,
/// with spaces trimmed and runs of spaces made one, letters compared without case ("책임감",
/// "Data  Analysis" and "data analysis" each match themselves).
public enum ProgressName {
    public static func key(_ name: String) -> String {
        name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ").lowercased()
    }
}

/// An aptitude grade's rank: "A" is best. Nil for a grade this client does not know.
public enum AptitudeGrade {
    public static let order = ["A", "B", "C", "D", "E"]

    /// Steps up from `before` to `after` (positive: better); nil when either is unknown.
    public static func steps(from before: String, to after: String) -> Int? {
        guard let from = order.firstIndex(of: before.uppercased()), let to = order.firstIndex(of: after.uppercased()) else {
            return nil
        }
        return from - to
    }

    /// The best of `grades` (A first); a grade this client does not know ranks after E. Nil when empty.
    public static func best(of grades: [String]) -> String? {
        grades.min { (order.firstIndex(of: $0.uppercased()) ?? order.count) < (order.firstIndex(of: $1.uppercased()) ?? order.count) }
    }
}

/// A game's score as a share of its maximum, 0–100: what a change is measured in when two
/// reports scored the same game out of different maxima.
extension AptitudeGame {
    public var percentOfMax: Int? {
        maxScore > 0 ? Int((Double(score) * 100 / Double(maxScore)).rounded()) : nil
    }
}
