import Synchronization
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// Runs jobs one at a time, in the order given, on a thread of its own — started when a job
/// arrives and ended when none is left — so that a store's commits (SQLite's writes, a
/// checkpoint's `fdatasync`) never hold one of Swift's cooperative threads, nor the lock the
/// requests read the store under (`ReportStore`). `untilIdle()` returns, and `wait()` unblocks,
/// when every job given before it is done.
final class CommitQueue: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// A thread is running the jobs.
        var running = false
        /// Threads blocked in `wait()`: each is woken once when the queue runs dry.
        var waiters = 0
        /// Tasks suspended in `untilIdle()`: each is resumed once when the queue runs dry.
        var suspended: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    /// Posted once for each waiter when the last job is done (a semaphore is safe to share).
    private nonisolated(unsafe) let idle: UnsafeMutablePointer<sem_t>

    init() {
        idle = .allocate(capacity: 1)
        sem_init(idle, 0, 0)
    }

    deinit {
        sem_destroy(idle)
        idle.deallocate()
    }

    /// Runs `job` after those given before it, on the queue's thread.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if start { BlockingCall.detach { self.drain() } }
    }

    /// Blocks until every job given so far is done. Never call it from a job, nor while holding
    /// a lock a job takes.
    func wait() {
        let mustWait = state.withLock { state -> Bool in
            guard state.running else { return false }
            state.waiters += 1
            return true
        }
        guard mustWait else { return }
        while sem_wait(idle) != 0, errno == EINTR {}
    }

    /// Returns when every job given so far is done, suspending the task meanwhile (its thread
    /// runs other tasks).
    func untilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let suspends = state.withLock { state -> Bool in
                guard state.running else { return false }
                state.suspended.append(continuation)
                return true
            }
            if !suspends { continuation.resume() }
        }
    }

    private func drain() {
        while true {
            let (next, suspended) = state.withLock { state -> ((@Sendable () -> Void)?, [CheckedContinuation<Void, Never>]) in
                guard state.jobs.isEmpty else { return (state.jobs.removeFirst(), []) }
                state.running = false
                for _ in 0..<state.waiters { sem_post(idle) }
                state.waiters = 0
                defer { state.suspended = [] }
                return (nil, state.suspended)
            }
            guard let next else {
                for continuation in suspended { continuation.resume() }
                return
            }
            next()
        }
    }
}
