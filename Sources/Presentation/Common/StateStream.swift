import Synchronization

/// A read-only stream of a screen's state (RxCocoa's `Driver`): it always has a current value,
/// replays it to every new subscriber, and never fails. A slow subscriber only ever misses
/// intermediate states, never the latest one. The view model owns the `Relay` behind it.
public struct StateStream<Element: Sendable>: AsyncSequence, Sendable {
    let relay: Relay<Element>

    /// The latest state.
    public var value: Element { relay.value! }

    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        relay.subscribe().makeAsyncIterator()
    }

    /// Subscribes now, so that nothing published after this call is missed even if the
    /// stream is iterated later (for example in another task).
    public func subscribe() -> AsyncStream<Element> {
        relay.subscribe()
    }
}

/// A read-only stream of one-shot events (RxCocoa's `Signal`): an event goes to the subscribers
/// present when it happens and is never replayed. Subscribe before firing the inputs.
public struct EventStream<Element: Sendable>: AsyncSequence, Sendable {
    let relay: Relay<Element>

    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        relay.subscribe().makeAsyncIterator()
    }

    /// Subscribes now, so that nothing published after this call is missed even if the
    /// stream is iterated later (for example in another task).
    public func subscribe() -> AsyncStream<Element> {
        relay.subscribe()
    }
}

/// The writable side of a `StateStream` (made with a current value, which it replays) or of an
/// `EventStream` (made without one: nothing is replayed, nothing is dropped); internal to
/// Presentation. The one relay type: state and events differ only in replay.
final class Relay<Element: Sendable>: Sendable {
    private struct Storage {
        /// The latest value, for a state relay; always nil for an event relay.
        var value: Element?
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var finished = false
    }

    private let replaysLatest: Bool
    private let storage: Mutex<Storage>

    /// A state relay, starting at `initial`.
    init(_ initial: Element) {
        replaysLatest = true
        storage = Mutex(Storage(value: initial))
    }

    /// An event relay.
    init() {
        replaysLatest = false
        storage = Mutex(Storage(value: nil))
    }

    var value: Element? { storage.withLock { $0.value } }

    var state: StateStream<Element> {
        precondition(replaysLatest, "an event relay has no state")
        return StateStream(relay: self)
    }

    var events: EventStream<Element> { EventStream(relay: self) }

    /// Publishes `value` to every subscriber (and keeps it, for a state relay).
    func accept(_ value: Element) {
        let continuations = storage.withLock { storage -> [AsyncStream<Element>.Continuation] in
            if replaysLatest { storage.value = value }
            return Array(storage.subscribers.values)
        }
        for continuation in continuations { continuation.yield(value) }
    }

    /// Modifies the current state in place and publishes the result.
    func update(_ change: (inout Element) -> Void) {
        let (value, continuations) = storage.withLock { storage in
            change(&storage.value!)
            return (storage.value!, Array(storage.subscribers.values))
        }
        for continuation in continuations { continuation.yield(value) }
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
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: replaysLatest ? .bufferingNewest(1) : .unbounded)
        let id: Int? = storage.withLock { storage in
            if let value = storage.value { continuation.yield(value) }
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
