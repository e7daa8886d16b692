import Domain

/// Where the report screen can send the user (the seed's navigator protocols). One
/// implementation lives in the CLI; view models call it and never print.
public protocol ReportNavigator: Sendable {
    /// Show how to read `section`.
    func toHint(_ section: ReportSection)
    /// The credentials are missing or were rejected and could not be refreshed: the user has to
    /// sign in. `reason` is a one-line explanation that is safe to print.
    func toLogin(reason: String)
}
