import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a call that may block for long (a `read` of a pipe or a terminal) on a thread of its
/// own, so that it never holds one of Swift's cooperative threads. Cancelling the waiting task
/// returns nil at once; the thread finishes its call in the background and its result is dropped.
public enum BlockingCall {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T? {
        let waiter = Waiter<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
                guard waiter.install(continuation) else { return }
                detach { waiter.resume(body()) }
            }
        } onCancel: {
            waiter.resume(nil)
        }
    }

    /// Runs `work` on a new thread of its own and returns at once.
    public static func detach(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Job(work)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().work()
            return nil
        }, box)
        if status == 0 {
            pthread_detach(thread)
        } else {
            // No thread: do the call here rather than fail; it is rare and still correct.
            Unmanaged<Job>.fromOpaque(box).takeRetainedValue().work()
        }
    }

    private final class Job: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    /// Resumes the continuation exactly once: with the call's result, or with nil on cancellation,
    /// whichever comes first.
    private final class Waiter<T: Sendable>: Sendable {
        private enum State {
            case waiting
            case installed(CheckedContinuation<T?, Never>)
            case done
        }

        private let state = Mutex(State.waiting)

        /// False when cancellation came first (the continuation has then been resumed already).
        func install(_ continuation: CheckedContinuation<T?, Never>) -> Bool {
            state.withLock { state in
                guard case .waiting = state else {
                    continuation.resume(returning: nil)
                    return false
                }
                state = .installed(continuation)
                return true
            }
        }

        func resume(_ value: T?) {
            let continuation: CheckedContinuation<T?, Never>? = state.withLock { state in
                switch state {
                case .waiting:
                    state = .done
                    return nil
                case .installed(let continuation):
                    state = .done
                    return continuation
                case .done:
                    return nil
                }
            }
            continuation?.resume(returning: value)
        }
    }
}
