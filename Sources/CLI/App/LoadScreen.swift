import Domain
import Presentation

/// Binds a `LoadViewModel` the way a terminal uses it: fire the load trigger, then wait for the
/// value, an error event or a navigation request, whichever comes first.
struct LoadScreen<Value: Sendable & Equatable>: Sendable {
    let viewModel: LoadViewModel<Value>
    let navigator: TerminalNavigator

    /// The loaded value, or what ended the screen as a `CLIError` for `context` (with
    /// `notFoundHint`, when given, as a "not found"'s hint). `loadAgain` is asked about each value:
    /// true fires the trigger again (a poll, after the wait it chose) and waits for the next.
    func value(context: String, notFoundHint: String? = nil,
               loadAgain: (Value) async throws -> Bool = { _ in false }) async throws -> Value {
        let (load, loadTrigger) = AsyncStream.makeStream(of: Void.self)
        defer { loadTrigger.finish() }
        let output = viewModel.transform(input: .init(loadTrigger: load))
        // Bound before firing: errors are events and are not replayed.
        let binding = ScreenBinding(values: output.state.subscribe(), errors: output.error.subscribe(), navigator: navigator)
        loadTrigger.yield()
        for await event in binding {
            switch event {
            case .value(.loaded(let value)):
                guard try await loadAgain(value) else { return value }
                loadTrigger.yield()
            case .value:
                continue
            case .failure(.notFound(let detail)) where notFoundHint != nil:
                let error = CLIError(.notFound(detail), context: context)
                throw CLIError(message: error.message, hint: notFoundHint, kind: error.kind, httpStatus: error.httpStatus)
            case .failure, .navigation:
                throw event.endingError(context: context) ?? CLIError(.cancelled, context: context)
            }
        }
        throw CLIError(.cancelled, context: context)
    }
}
