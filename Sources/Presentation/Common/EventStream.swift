import Synchronization

/// A read-only stream of one-shot events (RxCocoa's `Signal`): an event goes to the subscribers
/// present when it happens and is never replayed. Subscribe before firing the inputs.
public struct EventStream<Element: Sendable>: AsyncSequence, Sendable {
    let relay: EventRelay<Element>

    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        relay.subscribe().makeAsyncIterator()
    }

    /// Subscribes now, so that nothing published after this call is missed even if the
    /// stream is iterated later (for example in another task).
    public func subscribe() -> AsyncStream<Element> {
        relay.subscribe()
    }
}

/// The writable side of an `EventStream`; internal to Presentation.
final class EventRelay<Element: Sendable>: Sendable {
    private struct Storage {
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var finished = false
    }

    private let storage = Mutex(Storage())

    init() {}

    var stream: EventStream<Element> { EventStream(relay: self) }

    func accept(_ event: Element) {
        let continuations = storage.withLock { Array($0.subscribers.values) }
        for continuation in continuations { continuation.yield(event) }
    }

    func finish() {
        let continuations = storage.withLock { storage in
            storage.finished = true
            defer { storage.subscribers = [:] }
            return Array(storage.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }

    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id: Int? = storage.withLock { storage in
            guard !storage.finished else { return nil }
            let id = storage.nextID
            storage.nextID += 1
            storage.subscribers[id] = continuation
            return id
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                self?.storage.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            }
        } else {
            continuation.finish()
        }
        return stream
    }
}
