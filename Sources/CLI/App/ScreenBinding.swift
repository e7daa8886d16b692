import Domain
import Presentation

/// What a bound view model says next.
enum ScreenEvent<Value: Sendable, Failure: Sendable>: Sendable {
    /// A state, or a value event (a page of the list).
    case value(Value)
    /// An error event.
    case failure(Failure)
    /// A navigation request.
    case navigation(TerminalNavigator.Destination)
}

extension ScreenEvent where Failure == ReportError {
    /// What an event that is not a value ends a screen with: an error event as it is, a sign-in
    /// request as "unauthorized" (a terminal cannot show a login screen), another navigation as
    /// cancelled; nil for a value.
    func endingError(context: String) -> CLIError? {
        switch self {
        case .value: nil
        case .failure(let error): CLIError(error, context: context)
        case .navigation(.login(let reason)): CLIError(.unauthorized(reason), context: context)
        case .navigation(.report): CLIError(.cancelled, context: context)
        }
    }
}

/// The CLI's one way to bind a view model: its output (states or value events), its error events
/// and its navigator's requests, merged into one stream in the order they happen. A screen makes
/// the binding from streams it subscribed to, fires its input trigger, and then reads events
/// until one ends it — a final state, an error, a navigation; the stream ends when every source
/// has, which only cancellation brings about before an outcome. Leaving the loop stops the binding.
struct ScreenBinding<Value: Sendable, Failure: Sendable>: AsyncSequence, Sendable {
    typealias Element = ScreenEvent<Value, Failure>

    private let events: AsyncStream<Element>

    init(values: AsyncStream<Value>?, errors: AsyncStream<Failure>, navigator: TerminalNavigator) {
        let (events, sink) = AsyncStream.makeStream(of: Element.self)
        var forwarders: [Task<Void, Never>] = []
        if let values {
            forwarders.append(Task { for await value in values { sink.yield(.value(value)) } })
        }
        forwarders.append(Task { for await error in errors { sink.yield(.failure(error)) } })
        let requests = navigator.requests
        forwarders.append(Task { for await destination in requests { sink.yield(.navigation(destination)) } })
        let all = forwarders
        let ending = Task {
            for forwarder in all { await forwarder.value }
            sink.finish()
        }
        sink.onTermination = { _ in
            all.forEach { $0.cancel() }
            ending.cancel()
        }
        self.events = events
    }

    func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        events.makeAsyncIterator()
    }
}

/// Binds a `LoadViewModel` the way a terminal uses it: fire the load trigger, then wait for the
/// value, an error event or a navigation request, whichever comes first.
struct LoadScreen<Value: Sendable & Equatable>: Sendable {
    let viewModel: LoadViewModel<Value>
    let navigator: TerminalNavigator

    /// The loaded value, or what ended the screen as a `CLIError` for `context` (with
    /// `notFoundHint`, when given, as a "not found"'s hint). `loadAgain` is asked about each value:
    /// true fires the trigger again (a poll, after the wait it chose) and waits for the next.
    /// `failing` is told the error event that ends the screen, before it is thrown (a progress
    /// view names the reports it left out).
    func value(context: String, notFoundHint: String? = nil, loadAgain: (Value) async throws -> Bool = { _ in false },
               failing: (ReportError) -> Void = { _ in }) async throws -> Value {
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
            case .failure(let error):
                failing(error)
                if case .notFound(let detail) = error, let notFoundHint {
                    let error = CLIError(.notFound(detail), context: context)
                    throw CLIError(message: error.message, hint: notFoundHint, kind: error.kind, httpStatus: error.httpStatus)
                }
                throw CLIError(error, context: context)
            case .navigation:
                throw event.endingError(context: context) ?? CLIError(.cancelled, context: context)
            }
        }
        throw CLIError(.cancelled, context: context)
    }
}
