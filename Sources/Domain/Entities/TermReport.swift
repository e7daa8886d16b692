/// One term's report as the service has it: the interview, where its analysis stands and, once
/// it is ready, the sections the report shows with their data. What every view of a report —
/// the terminal's, `--json`, Markdown, HTML — is made from.
public struct TermReport: Hashable, Sendable {
    /// One section the report shows and its data as the service sent it: nil for the title (it is
    /// the interview) and for a section the service has no data for — shown as "not available",
    /// never dropped.
    public struct Section: Hashable, Sendable {
        public let section: ReportSection
        public let data: SectionData?

        public init(section: ReportSection, data: SectionData?) {
            self.section = section
            self.data = data
        }
    }

    public let interview: InterviewTerm
    public let outcome: AnalysisOutcome
    /// In the order the interview's kind shows them (`ItemType.sections(of:selection:)`); empty
    /// unless the analysis is ready.
    public let sections: [Section]

    /// `selection`: the sections asked for (nil: all that the interview's kind shows); `video`: the
    /// video report, when its section is asked for and the service has one.
    public init(interview: InterviewTerm, result: AnalysisResult, selection: Set<ReportSection>?, video: VideoReport?) {
        self.interview = interview
        outcome = interview.analysisOutcome(result)
        guard case .ready(let report) = outcome else {
            sections = []
            return
        }
        sections = interview.itemType.sections(of: report, selection: selection).map { section in
            Section(section: section, data: section == .video ? video.map(SectionData.video) : report.data(for: section))
        }
    }
}
