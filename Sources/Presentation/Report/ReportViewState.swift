import Domain

/// Everything the report screen shows at one moment.
public struct ReportViewState: Hashable, Sendable {
    /// The title section, once the interview is known.
    public internal(set) var title: TitleViewData?
    public internal(set) var analysis: Analysis

    public enum Analysis: Hashable, Sendable {
        /// The report has not been asked for yet.
        case notRequested
        case loading
        /// The service is still analysing the interview.
        case pending
        /// The service could not analyse the interview.
        case failed
        /// The sections in the order the interview's kind shows them, title first.
        case ready([SectionViewData])
    }

    public static let initial = ReportViewState(title: nil, analysis: .notRequested)
}

/// A failure the screen reports once, with the input that caused it.
public struct ReportErrorEvent: Hashable, Sendable {
    public enum Trigger: Hashable, Sendable {
        case load
        case totalReport
    }

    public let trigger: Trigger
    public let error: ReportError
}
