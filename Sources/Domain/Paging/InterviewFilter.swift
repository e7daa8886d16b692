/// Which interviews a list shows (`report list --status done --kind personality`): every one when
/// a set is empty, else those whose analysis status and kind are among the ones given.
public struct InterviewFilter: Hashable, Sendable {
    public var statuses: Set<AnalysisStatus>
    public var kinds: Set<ItemType>

    public init(statuses: Set<AnalysisStatus> = [], kinds: Set<ItemType> = []) {
        self.statuses = statuses
        self.kinds = kinds
    }

    public var isEmpty: Bool { statuses.isEmpty && kinds.isEmpty }

    public func matches(_ interview: InterviewTerm) -> Bool {
        (statuses.isEmpty || statuses.contains(interview.analysisStatus))
            && (kinds.isEmpty || kinds.contains(interview.itemType))
    }
}
