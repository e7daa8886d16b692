import Domain
import Presentation

/// `report fetch --latest`: binds the list view model (as `report list` does) and asks for pages
/// from the newest until one holds an interview whose analysis is done; that term is the answer.
struct LatestTermScreen: Sendable {
    let viewModel: InterviewListViewModel
    let navigator: TerminalNavigator

    func run() async throws -> TermNumber {
        let (pageStream, pageTrigger) = AsyncStream.makeStream(of: Int.self)
        defer { pageTrigger.finish() }
        let output = viewModel.transform(input: .init(pageTrigger: pageStream))
        let events = ScreenBinding(values: output.pages.subscribe(), errors: output.error.subscribe(), navigator: navigator)
        pageTrigger.yield(1)
        for await event in events {
            switch event {
            case .value(let page):
                if let done = page.rows.first(where: { $0.interview.analysisStatus == .done }) {
                    return done.interview.termNo
                }
                guard page.info.hasNextPage else {
                    throw CLIError(message: "--latest: none of the \(page.info.total) interviews you have taken has a finished analysis",
                                   hint: "see `report list --status pending`", kind: .notFound)
                }
                pageTrigger.yield(page.info.page + 1)
            case .failure, .navigation(.login):
                throw event.endingError(context: "--latest") ?? CLIError(.cancelled, context: "--latest")
            case .navigation(.report):
                continue
            }
        }
        throw CLIError(.cancelled, context: "--latest")
    }
}
