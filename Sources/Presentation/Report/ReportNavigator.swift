import Domain

/// The report screen's moves: to sign-in, and after a ready report to the hints on how to read
/// its sections (`--explain`).
public protocol ReportNavigator: Navigator {
    /// The hints to show after `report` (none when they were not asked for), each loaded before
    /// anything of the report is written. A failure throws and ends the screen.
    func toHints(after report: ReportViewData) async throws -> [HintViewData]
}
