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
        let binding = ScreenBinding(values: output.state.subscribe(), errors: output.error.subscribe(), navigator: navigator)
        loadTrigger.yield()
        for await event in binding {
            switch event {
            case .value(.loaded(let value)): return .loaded(value)
            case .value: continue
            case .failure(let error): return .failure(error)
            case .navigation(let destination): return .navigation(destination)
            }
        }
        return .failure(.cancelled)
    }

    /// The loaded value, or the failure as a `CLIError` for `context` (with `notFoundHint`, when
    /// given, as a "not found"'s hint).
    func value(context: String, notFoundHint: String? = nil) async throws -> Value {
        switch await run() {
        case .loaded(let value): return value
        case .failure(.notFound(let detail)) where notFoundHint != nil:
            let error = CLIError(.notFound(detail), context: context)
            throw CLIError(message: error.message, hint: notFoundHint, kind: error.kind, httpStatus: error.httpStatus)
        case .failure(let error): throw CLIError(error, context: context)
        case .navigation(.login(let reason)): throw CLIError(.unauthorized(reason), context: context)
        case .navigation(.hint), .navigation(.report): throw CLIError(.cancelled, context: context)
        }
    }
}
