import Domain

/// What the report screen shows of one term: the report as loaded, formatted for display when a
/// view asks for its title or sections. A view that writes the entities themselves (`--json`)
/// reads `report` and formats nothing.
public struct ReportViewData: Hashable, Sendable {
    public let report: TermReport

    public init(_ report: TermReport) {
        self.report = report
    }

    /// The title section: which interview this is.
    public var title: TitleViewData { SectionFormatter.title(report.interview) }

    /// The sections in the order the interview's kind shows them, title first; empty while the
    /// analysis is pending.
    public var sections: [SectionViewData] { SectionFormatter.sections(of: report) }

    /// Whether the service is still analysing the interview.
    public var isPending: Bool { report.outcome == .pending }
}
