/// A section of the report screen, in the names the user types (`--section tips,character`).
public enum ReportSection: String, CaseIterable, Hashable, Sendable {
    case title
    case tips
    case character
    case aptitude
    case keywords
    case video
}

extension ItemType {
    /// The sections a report of this kind shows, in order (the seed's
    /// `ReportViewType.total(report:itemTypeCode:)`). A section listed here that has no data is
    /// shown as "not available", never dropped. For a kind this client does not know, the title
    /// and then every section that has data, in the company interview's order.
    public func sections(of report: AnalysisReport) -> [ReportSection] {
        switch self {
        case .company: [.title, .tips, .character, .aptitude, .keywords]
        case .personality: [.title, .tips, .character, .keywords]
        case .competency: [.title, .tips, .aptitude, .keywords]
        case .other: ItemType.company.sections(of: report).filter { report.hasData(for: $0) }
        }
    }
}
