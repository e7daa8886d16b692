import Domain

/// Where the deep-link screen sends the user (the seed's app navigator handling
/// `analysisComplete`): to the linked report, or to login.
public protocol AnalysisLinkNavigator: LoginNavigator {
    /// Show the report of `termNo`.
    func toReport(_ termNo: TermNumber)
}
