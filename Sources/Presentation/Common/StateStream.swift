import Synchronization

/// A read-only stream of a screen's state (RxCocoa's `Driver`): it always has a current value,
/// replays it to every new subscriber, and never fails. The view model owns the `StateRelay`
/// behind it; views can only read.
public struct StateStream<Element: Sendable>: AsyncSequence, Sendable {
    let relay: StateRelay<Element>

    /// The latest state.
    public var value: Element { relay.value }

    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        relay.subscribe().makeAsyncIterator()
    }

    /// Subscribes now, so that nothing published after this call is missed even if the
    /// stream is iterated later (for example in another task).
    public func subscribe() -> AsyncStream<Element> {
        relay.subscribe()
    }
}

/// The writable side of a `StateStream`; internal to Presentation.
final class StateRelay<Element: Sendable>: Sendable {
    private struct Storage {
        var value: Element
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var finished = false
    }

    private let storage: Mutex<Storage>

    init(_ initial: Element) {
        storage = Mutex(Storage(value: initial))
    }

    var value: Element { storage.withLock { $0.value } }

    var stream: StateStream<Element> { StateStream(relay: self) }

    /// Sets the state and delivers it to every subscriber. A slow subscriber only ever misses
    /// intermediate states, never the latest one.
    func accept(_ value: Element) {
        let continuations = storage.withLock { storage -> [AsyncStream<Element>.Continuation] in
            storage.value = value
            return Array(storage.subscribers.values)
        }
        for continuation in continuations { continuation.yield(value) }
    }

    /// Modifies the current state in place and publishes the result.
    func update(_ change: (inout Element) -> Void) {
        let (value, continuations) = storage.withLock { storage in
            change(&storage.value)
            return (storage.value, Array(storage.subscribers.values))
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
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = storage.withLock { storage in
            continuation.yield(storage.value)
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
