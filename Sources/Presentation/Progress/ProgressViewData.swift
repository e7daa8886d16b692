import Domain

/// `report compare`: the comparison and the two reports' titles as a person reads them.
public struct ComparisonViewData: Equatable, Sendable {
    public let comparison: ReportComparison
    public let before: TitleViewData
    public let after: TitleViewData

    public init(_ comparison: ReportComparison) {
        self.comparison = comparison
        before = SectionFormatter.title(comparison.before.interview)
        after = SectionFormatter.title(comparison.after.interview)
    }
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
}

/// What `trend` is asked for: which interviews (their kinds, from a date, the last N).
public struct TrendRequest: Sendable, Equatable {
    public var filter: InterviewFilter
    public var since: String?
    public var last: Int?

    public init(filter: InterviewFilter = InterviewFilter(), since: String? = nil, last: Int? = nil) {
        self.filter = filter
        self.since = since
        self.last = last
    }
}

/// What `compare` is asked for: two terms, or the two newest whose analysis is done.
public enum CompareRequest: Sendable, Equatable {
    case terms(TermNumber, TermNumber)
    /// The newest `count` done interviews; the older is compared with the newer.
    case latest(filter: InterviewFilter)
}

extension LoadViewModel where Value == ComparisonViewData {
    /// The compare screen: loads both reports at once and compares the first with the second.
    public static func comparison(_ request: CompareRequest, loader: ProgressLoader,
                                  serviceCheckUseCase: (any ServiceCheckUseCase)?,
                                  navigator: any LoginNavigator) -> LoadViewModel<ComparisonViewData> {
        LoadViewModel(load: {
            let (first, second): (ReportSnapshot, ReportSnapshot)
            switch request {
            case .terms(let a, let b):
                async let before = loader.snapshot(a)
                async let after = loader.snapshot(b)
                (first, second) = (try await before, try await after)
            case .latest(let filter):
                let newest = try await loader.doneInterviews(filter: filter, since: nil, limit: 2)
                let reports = newest.count == 2 ? try await loader.snapshots(of: [newest[1], newest[0]]) : []
                guard reports.count == 2 else { throw ReportError.tooFewReports(found: newest.count) }
                (first, second) = (reports[0], reports[1])
            }
            return ComparisonViewData(ReportComparison(before: first, after: second))
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

extension LoadViewModel where Value == TrendViewData {
    /// The trend screen: the done interviews the request keeps, their reports oldest first.
    public static func trend(_ request: TrendRequest, loader: ProgressLoader,
                             serviceCheckUseCase: (any ServiceCheckUseCase)?,
                             navigator: any LoginNavigator) -> LoadViewModel<TrendViewData> {
        LoadViewModel(load: {
            let interviews = try await loader.doneInterviews(filter: request.filter, since: request.since, limit: request.last)
            let reports = try await loader.snapshots(of: interviews.reversed())
            guard reports.count >= 2 else { throw ReportError.tooFewReports(found: reports.count) }
            return TrendViewData(ProgressTrend(reports: reports))
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

extension ReportError {
    /// Progress needs two finished reports: fewer is "not found" (66), as a missing term is.
    static func tooFewReports(found: Int) -> ReportError {
        .notFound("needs at least two interviews whose analysis is done, found \(found)")
    }
}
