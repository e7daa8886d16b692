import Domain

/// `report compare`: the comparison and the two reports' titles as a person reads them.
public struct ComparisonViewData: Equatable, Sendable {
    public let comparison: ReportComparison
    public let before: TitleViewData
    public let after: TitleViewData
    /// With `--latest 2`: the kind both were of (the two newest of that kind).
    public let latestKind: ItemType?
    /// The terms were given newer first and are compared the other way round.
    public let reordered: Bool

    public init(_ comparison: ReportComparison, latestKind: ItemType? = nil, reordered: Bool = false) {
        self.comparison = comparison
        before = SectionFormatter.title(comparison.before.interview)
        after = SectionFormatter.title(comparison.after.interview)
        self.latestKind = latestKind
        self.reordered = reordered
    }

    /// `first` and `second` compared in the order they were taken (`ReportComparison.inTimeOrder`).
    public init(inTimeOrder first: ReportSnapshot, _ second: ReportSnapshot, latestKind: ItemType? = nil) {
        let ordered = ReportComparison.inTimeOrder(first, second)
        self.init(ordered.comparison, latestKind: latestKind, reordered: ordered.reordered)
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

    public init(_ trend: ProgressTrend) {
        self.trend = trend
        titles = trend.reports.map { SectionFormatter.title($0.interview) }
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
                                  navigator: any LoginNavigator) -> LoadViewModel<ComparisonViewData> {
        LoadViewModel(load: {
            let (first, second): (ReportSnapshot, ReportSnapshot)
            var latestKind: ItemType?
            switch request {
            case .terms(let a, let b):
                async let before = loader.snapshot(a)
                async let after = loader.snapshot(b)
                (first, second) = (try await before, try await after)
            case .latest(let filter):
                let done = try await loader.doneInterviews(filter: filter, since: nil, limit: nil)
                guard let newest = done.first else { throw ReportError.tooFewReports(found: 0) }
                let sameKind = done.filter { $0.itemType == newest.itemType }
                let reports = sameKind.count >= 2 ? try await loader.snapshots(of: [sameKind[1], sameKind[0]]) : []
                guard reports.count == 2 else { throw ReportError.tooFewReports(found: sameKind.count, kind: newest.itemType) }
                (first, second) = (reports[0], reports[1])
                latestKind = newest.itemType
            }
            return ComparisonViewData(inTimeOrder: first, second, latestKind: latestKind)
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

extension LoadViewModel where Value == TrendViewData {
    /// The trend screen: the done interviews the request keeps, their reports oldest first.
    public static func trend(_ request: TrendRequest, loader: ProgressLoader,
                             serviceCheckUseCase: (any ServiceCheckUseCase)?,
                             navigator: any LoginNavigator) -> LoadViewModel<TrendViewData> {
        LoadViewModel(load: {
            let reports: [ReportSnapshot]
            if request.terms.isEmpty {
                let interviews = try await loader.doneInterviews(filter: request.filter, since: request.since, until: request.until,
                                                                 limit: request.last)
                reports = try await loader.snapshots(of: interviews.reversed())
            } else {
                reports = try await withThrowingTaskGroup(of: ReportSnapshot.self) { group in
                    for term in Set(request.terms) { group.addTask { try await loader.snapshot(term) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            guard reports.count >= 2 else { throw ReportError.tooFewReports(found: reports.count) }
            return TrendViewData(ProgressTrend(reports: reports))
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

extension ReportError {
    /// Progress needs two finished reports: fewer is "not found" (66), as a missing term is.
    static func tooFewReports(found: Int, kind: ItemType? = nil) -> ReportError {
        if let kind {
            return .notFound("needs two interviews of one kind whose analysis is done; the newest is \(InterviewKindWords.phrase(kind)), "
                             + "and there \(found == 1 ? "is 1" : "are \(found)") of its kind")
        }
        return .notFound("needs at least two interviews whose analysis is done, found \(found)")
    }
}
