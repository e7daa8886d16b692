import Domain
import Presentation

/// Binds a `LoadViewModel` the way a terminal uses it: load once, then wait for the value, an
/// error event or a navigation request, whichever comes first.
struct LoadScreen<Value: Sendable & Equatable>: Sendable {
    enum Outcome: Sendable {
        case loaded(Value)
        case failure(ReportError)
        case navigation(TerminalNavigator.Destination)
    }

    let viewModel: LoadViewModel<Value>
    let navigator: TerminalNavigator

    func run() async -> Outcome {
        let (load, loadTrigger) = AsyncStream.makeStream(of: Void.self)
        defer { loadTrigger.finish() }
        let output = viewModel.transform(input: .init(loadTrigger: load))
        let states = output.state.subscribe()
        let errors = output.error.subscribe()
        let navigation = navigator.requests
        loadTrigger.yield()
        return await firstOutcome(of: [
            {
                for await state in states {
                    if case .loaded(let value) = state { return .loaded(value) }
                }
                return nil
            },
            { for await error in errors { return .failure(error) }; return nil },
            { for await destination in navigation { return .navigation(destination) }; return nil },
        ], otherwise: .failure(.cancelled))
    }

    /// The loaded value, or the failure as a `CLIError` for `context`.
    func value(context: String) async throws -> Value {
        switch await run() {
        case .loaded(let value): return value
        case .failure(let error): throw CLIError(error, context: context)
        case .navigation(.login(let reason)): throw CLIError(.unauthorized(reason), context: context)
        case .navigation(.hint), .navigation(.report): throw CLIError(.cancelled, context: context)
        }
    }
}
