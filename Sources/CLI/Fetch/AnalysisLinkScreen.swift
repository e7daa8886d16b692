import Domain
import Presentation

/// Binds an `AnalysisLinkViewModel` the way a terminal uses it: open one link, then wait for the
/// navigation it leads to (the report, or login) or an error event, whichever comes first.
struct AnalysisLinkScreen: Sendable {
    enum Outcome: Sendable {
        case failure(ReportError)
        case navigation(TerminalNavigator.Destination)
    }

    let viewModel: AnalysisLinkViewModel
    let navigator: TerminalNavigator

    func run(_ link: AnalysisCompleteLink) async -> Outcome {
        let (links, openTrigger) = AsyncStream.makeStream(of: AnalysisCompleteLink.self)
        defer { openTrigger.finish() }
        let output = viewModel.transform(input: .init(openTrigger: links))
        // Subscribe before firing: errors are events and are not replayed.
        let errors = output.error.subscribe()
        let navigation = navigator.requests
        openTrigger.yield(link)
        return await firstOutcome(of: [
            { for await error in errors { return .failure(error) }; return nil },
            { for await destination in navigation { return .navigation(destination) }; return nil },
        ], otherwise: .failure(.cancelled))
    }
}
