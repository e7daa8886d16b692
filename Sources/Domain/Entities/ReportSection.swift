/// A section of the report screen, in the names the user types (`--section tips,character`).
public enum ReportSection: String, CaseIterable, Hashable, Sendable {
    case title
    case tips
    case character
    case aptitude
    case keywords
    case video

    /// The sections that have a hint of their own (the title has none).
    public static let withHints = allCases.filter { $0 != .title }
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

    /// The sections a report shows when the user asked for `selection` (nil: the kind's own): the
    /// kind's sections that were asked for, in the kind's order, then the video section — which
    /// no kind shows by itself — when it was asked for. The one place this is decided.
    public func sections(of report: AnalysisReport, selection: Set<ReportSection>?) -> [ReportSection] {
        let shown = sections(of: report).filter { selection?.contains($0) ?? true }
        return ReportSection.wantsVideo(selection) ? shown + [.video] : shown
    }
}

extension ReportSection {
    /// Whether `selection` asks for the video report (fetched only then).
    public static func wantsVideo(_ selection: Set<ReportSection>?) -> Bool {
        selection?.contains(.video) == true
    }
}

extension AnalysisReport {
    /// The data of `section`, nil when the service has none (the title and video are not part
    /// of the analysis report).
    public func data(for section: ReportSection) -> SectionData? {
        switch section {
        case .tips: tips.map(SectionData.tips)
        case .character: character.map(SectionData.character)
        case .aptitude: aptitude.map(SectionData.aptitude)
        case .keywords: keywords.map(SectionData.keywords)
        case .title, .video: nil
        }
    }
}
