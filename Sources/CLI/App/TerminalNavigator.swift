import Domain
import Presentation

/// The CLI's navigator: a navigation request ends the current screen and tells the command where
/// to go next (the terminal has one screen at a time).
final class TerminalNavigator: AnalysisLinkNavigator, LoginNavigator, Sendable {
    enum Destination: Hashable, Sendable {
        case login(reason: String)
        /// A deep link led to this term's report.
        case report(TermNumber)
    }

    /// Every navigation request, in order.
    let requests: AsyncStream<Destination>
    private let continuation: AsyncStream<Destination>.Continuation

    init() {
        (requests, continuation) = AsyncStream.makeStream(of: Destination.self)
    }

    func toReport(_ termNo: TermNumber) {
        continuation.yield(.report(termNo))
    }

    func toLogin(reason: String) {
        continuation.yield(.login(reason: reason))
    }

    func finish() {
        continuation.finish()
    }
}
