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

/// A game's score as a share of its maximum, 0–100: what a change is measured in when two
/// reports scored the same game out of different maxima.
extension AptitudeGame {
    public var percentOfMax: Int? {
        maxScore > 0 ? Int((Double(score) * 100 / Double(maxScore)).rounded()) : nil
    }
}
