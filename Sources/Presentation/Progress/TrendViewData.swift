import Domain

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
