/// Runs every one of `watchers` at once and returns the first outcome one of them produces,
/// cancelling the others. A watcher returns nil when its stream ended without an outcome; when
/// all of them do (only cancellation makes that happen), the result is `otherwise`.
///
/// This is how a screen waits for "the first of a final state, an error event or a navigation
/// request" from a view model's output.
func firstOutcome<Outcome: Sendable>(of watchers: [@Sendable () async -> Outcome?],
                                     otherwise: Outcome) async -> Outcome {
    await withTaskGroup(of: Outcome?.self) { group in
        for watcher in watchers {
            group.addTask(operation: watcher)
        }
        defer { group.cancelAll() }
        while let next = await group.next() {
            if let outcome = next { return outcome }
        }
        return otherwise
    }
}
