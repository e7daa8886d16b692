import Domain

/// What the report screen shows of one term: the report as loaded, formatted for display when a
/// view asks for its title or sections. A view that writes the entities themselves (`--json`)
/// reads `report` and formats nothing.
public struct ReportViewData: Hashable, Sendable {
    public let report: TermReport

    public init(_ report: TermReport) {
        self.report = report
    }

    /// The title section: which interview this is (in English).
    public var title: TitleViewData { title(.english) }

    /// The sections in the order the interview's kind shows them, title first; empty while the
    /// analysis is pending (in English).
    public var sections: [SectionViewData] { sections(.english) }

    /// The title in the language of `words`: the view that shows it chooses.
    public func title(_ words: Words) -> TitleViewData { SectionFormatter.title(report.interview, words: words) }

    /// The sections in the language of `words`.
    public func sections(_ words: Words) -> [SectionViewData] { SectionFormatter.sections(of: report, words: words) }

    /// Whether the service is still analysing the interview.
    public var isPending: Bool { report.outcome == .pending }
}
