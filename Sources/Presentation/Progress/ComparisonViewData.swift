import Domain

/// `report compare`: the comparison and the two reports' titles as a person reads them.
public struct ComparisonViewData: Equatable, Sendable {
    public let comparison: ReportComparison
    public let before: TitleViewData
    public let after: TitleViewData
    /// With `--latest 2`: the kind both were of (the two newest of that kind).
    public let latestKind: ItemType?
    /// With `--latest 2`: the newer reports of that kind that could not be fetched, passed over.
    public let leftOut: [LeftOutReport]
    /// The terms were given newer first and are compared the other way round.
    public let reordered: Bool

    public init(_ comparison: ReportComparison, latestKind: ItemType? = nil, leftOut: [LeftOutReport] = [],
                reordered: Bool = false) {
        self.comparison = comparison
        before = SectionFormatter.title(comparison.before.interview)
        after = SectionFormatter.title(comparison.after.interview)
        self.latestKind = latestKind
        self.leftOut = leftOut
        self.reordered = reordered
    }

    /// `first` and `second` compared in the order they were taken (`ReportComparison.inTimeOrder`).
    public init(inTimeOrder first: ReportSnapshot, _ second: ReportSnapshot, latestKind: ItemType? = nil,
                leftOut: [LeftOutReport] = []) {
        let ordered = ReportComparison.inTimeOrder(first, second)
        self.init(ordered.comparison, latestKind: latestKind, leftOut: leftOut, reordered: ordered.reordered)
    }

    /// Both terms are the same interview: every change is nothing.
    public var sameInterview: Bool { comparison.before.interview.termNo == comparison.after.interview.termNo }

    /// The two interviews are of different kinds: their traits and games are matched by name.
    public var kindsDiffer: Bool { comparison.before.interview.itemType != comparison.after.interview.itemType }
}
