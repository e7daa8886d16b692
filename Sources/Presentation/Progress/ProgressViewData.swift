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

/// `report trend`: the trend and each report's title, oldest first.
public struct TrendViewData: Equatable, Sendable {
    public let trend: ProgressTrend
    public let titles: [TitleViewData]
    /// The reports that could not be fetched, left out of the trend.
    public let leftOut: [LeftOutReport]

    public init(_ trend: ProgressTrend, leftOut: [LeftOutReport] = []) {
        self.trend = trend
        titles = trend.reports.map { SectionFormatter.title($0.interview) }
        self.leftOut = leftOut
    }
}

/// A change as a person reads it: `▲ 14`, `▼ 3`, `= 0`; `—` when there is nothing to compare.
public enum ChangeText {
    public static func text(_ change: Int?) -> String {
        guard let change else { return "—" }
        if change > 0 { return "▲ \(change)" }
        if change < 0 { return "▼ \(-change)" }
        return "= 0"
    }

    /// A change that is neither better nor worse (a speaking rate): `+32`, `−32`, `= 0`; `—`
    /// when there is nothing to compare.
    public static func plain(_ change: Int?) -> String {
        guard let change else { return "—" }
        if change > 0 { return "+\(change)" }
        if change < 0 { return "−\(-change)" }
        return "= 0"
    }
}

/// What `trend` is asked for: which interviews (their kinds, from a date, up to a date, the
/// last N), or the terms given.
public struct TrendRequest: Sendable, Equatable {
    public var filter: InterviewFilter
    public var since: String?
    public var until: String?
    public var last: Int?
    /// When not empty, these terms and no others (each must be finished).
    public var terms: [TermNumber]

    public init(filter: InterviewFilter = InterviewFilter(), since: String? = nil, until: String? = nil, last: Int? = nil,
                terms: [TermNumber] = []) {
        self.filter = filter
        self.since = since
        self.until = until
        self.last = last
        self.terms = terms
    }
}

/// What `compare` is asked for: two terms (in either order), or the two newest whose analysis is done.
public enum CompareRequest: Sendable, Equatable {
    case terms(TermNumber, TermNumber)
    /// The newest done interview and the newest done one before it of the same kind; the older
    /// is compared with the newer.
    case latest(filter: InterviewFilter)
}

extension LoadViewModel where Value == ComparisonViewData {
    /// The compare screen: loads both reports at once and compares the older with the newer.
    public static func comparison(_ request: CompareRequest, loader: ProgressLoader,
                                  serviceCheckUseCase: (any ServiceCheckUseCase)?,
                                  navigator: any Navigator) -> LoadViewModel<ComparisonViewData> {
        LoadViewModel(load: {
            let (first, second): (ReportSnapshot, ReportSnapshot)
            var latestKind: ItemType?
            var leftOut: [LeftOutReport] = []
            switch request {
            case .terms(let a, let b):
                async let before = loader.snapshot(a)
                async let after = loader.snapshot(b)
                (first, second) = (try await before, try await after)
            case .latest(let filter):
                let done = try await loader.doneInterviews(filter: filter, since: nil, limit: nil)
                guard let newest = done.first else { throw ReportError.tooFewReports(found: 0) }
                let (pair, found, passedOver) = try await newestTwo(of: done, loader: loader)
                guard let pair else {
                    if !passedOver.isEmpty { throw ReportError.reportsLeftOut(found: found, leftOut: passedOver) }
                    throw ReportError.tooFewReports(found: done.filter { $0.itemType == newest.itemType }.count, kind: newest.itemType)
                }
                (first, second) = (pair.older, pair.newer)
                latestKind = pair.newer.interview.itemType
                leftOut = passedOver
            }
            return ComparisonViewData(inTimeOrder: first, second, latestKind: latestKind, leftOut: leftOut)
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

/// The newest report that can be fetched, and the newest one before it of the same kind, from
/// `done` (newest first): a report that cannot be fetched is passed over (and said), and the next
/// is taken. The first two of the newest's kind are asked for at once, as is usual; more only
/// when one of them fails.
private func newestTwo(of done: [InterviewTerm], loader: ProgressLoader) async throws
    -> (pair: (older: ReportSnapshot, newer: ReportSnapshot)?, found: Int, leftOut: [LeftOutReport]) {
    var fetched: [TermNumber: Result<ReportSnapshot, ReportError>] = [:]
    func record(_ reports: ProgressReports) {
        for snapshot in reports.snapshots { fetched[snapshot.interview.termNo] = .success(snapshot) }
        for gap in reports.leftOut { fetched[gap.termNo] = .failure(gap.error) }
    }
    if let newest = done.first {
        record(try await loader.snapshots(of: Array(done.filter { $0.itemType == newest.itemType }.prefix(2))))
    }
    var leftOut: [LeftOutReport] = []
    var newer: ReportSnapshot?
    for interview in done where newer.map({ interview.itemType == $0.interview.itemType }) ?? true {
        if fetched[interview.termNo] == nil { record(try await loader.snapshots(of: [interview])) }
        switch fetched[interview.termNo] {
        case .success(let snapshot)?:
            guard let found = newer else { newer = snapshot; continue }
            return ((snapshot, found), 2, leftOut)
        case .failure(let error)?:
            leftOut.append(LeftOutReport(termNo: interview.termNo, error: error))
        case nil:
            continue
        }
    }
    return (nil, newer == nil ? 0 : 1, leftOut)
}

extension LoadViewModel where Value == TrendViewData {
    /// The trend screen: the done interviews the request keeps, their reports oldest first.
    public static func trend(_ request: TrendRequest, loader: ProgressLoader,
                             serviceCheckUseCase: (any ServiceCheckUseCase)?,
                             navigator: any Navigator) -> LoadViewModel<TrendViewData> {
        LoadViewModel(load: {
            let reports: ProgressReports
            if request.terms.isEmpty {
                let interviews = try await loader.doneInterviews(filter: request.filter, since: request.since, until: request.until,
                                                                 limit: request.last)
                reports = try await loader.snapshots(of: Array(interviews.reversed()))
            } else {
                var seen: Set<TermNumber> = []
                reports = try await loader.snapshots(of: request.terms.filter { seen.insert($0).inserted })
            }
            guard reports.snapshots.count >= 2 else {
                if !reports.leftOut.isEmpty { throw ReportError.reportsLeftOut(found: reports.snapshots.count, leftOut: reports.leftOut) }
                throw ReportError.tooFewReports(found: reports.snapshots.count)
            }
            return TrendViewData(ProgressTrend(reports: reports.snapshots), leftOut: reports.leftOut)
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

extension ReportError {
    /// Progress needs two finished reports: fewer is "not found" (66), as a missing term is.
    static func tooFewReports(found: Int, kind: ItemType? = nil) -> ReportError {
        guard let kind else { return .notFound(Detail(.detailTooFewReports, ["found": .data("\(found)")])) }
        return .notFound(Detail(found == 1 ? .detailTooFewOfKindOne : .detailTooFewOfKind,
                                ["kind": .detail(InterviewKindWords.detail(kind)), "found": .data("\(found)")]))
    }
}
