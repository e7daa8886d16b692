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
        // Bound before firing: errors are events and are not replayed.
        let binding = ScreenBinding<Never, ReportError>(values: nil, errors: output.error.subscribe(), navigator: navigator)
        openTrigger.yield(link)
        for await event in binding {
            switch event {
            case .failure(let error): return .failure(error)
            case .navigation(let destination): return .navigation(destination)
            }
        }
        return .failure(.cancelled)
    }
}
