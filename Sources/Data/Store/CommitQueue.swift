import Synchronization
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// Runs jobs one at a time, in the order given, on a thread of its own — started when a job
/// arrives, and ended when none has come for `linger` — so that a store's commits (SQLite's
/// writes, a checkpoint's `fdatasync`) never hold one of Swift's cooperative threads, nor the lock
/// the requests read the store under (`ReportStore`). A batch into an empty store commits every
/// few milliseconds: one thread runs them all, where a thread a commit cost thirty threads made
/// and unmapped a batch. `untilIdle()` returns, and `wait()` unblocks, when every job given
/// before it is done (the thread may linger on: nothing waits for it to end).
final class CommitQueue: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// Jobs are waiting or being run: `wait()` and `untilIdle()` wait for this to end.
        var running = false
        /// The queue's thread exists: running jobs, or lingering for the next one.
        var threadAlive = false
        /// The thread waits on `wake` for a job: the next `enqueue` posts it once.
        var lingering = false
        /// Threads blocked in `wait()`: each is woken once when the queue runs dry.
        var waiters = 0
        /// Tasks suspended in `untilIdle()`: each is resumed once when the queue runs dry.
        var suspended: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    /// Posted once for each waiter when the last job is done (a semaphore is safe to share).
    private nonisolated(unsafe) let idle: UnsafeMutablePointer<sem_t>
    /// Posted when a job arrives while the thread lingers.
    private nonisolated(unsafe) let wake: UnsafeMutablePointer<sem_t>
    /// How long the thread waits for another job before it ends.
    let linger: Duration

    init(linger: Duration = .milliseconds(50)) {
        self.linger = linger
        idle = .allocate(capacity: 1)
        sem_init(idle, 0, 0)
        wake = .allocate(capacity: 1)
        sem_init(wake, 0, 0)
    }

    /// Not before the thread has ended: it holds the queue.
    deinit {
        sem_destroy(idle)
        idle.deallocate()
        sem_destroy(wake)
        wake.deallocate()
    }

    /// Runs `job` after those given before it, on the queue's thread.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
        enum Start { case none, wake, thread }
        let start = state.withLock { state -> Start in
            state.jobs.append(job)
            state.running = true
            if state.lingering {
                state.lingering = false
                return .wake
            }
            guard !state.threadAlive else { return .none }
            state.threadAlive = true
            return .thread
        }
        switch start {
        case .none: break
        case .wake: sem_post(wake)
        case .thread: BlockingCall.detach { self.drain() }
        }
    }

    /// Whether the queue's thread exists now (for the tests).
    var hasThread: Bool { state.withLock { $0.threadAlive } }

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
                if state.running {
                    state.running = false
                    for _ in 0..<state.waiters { sem_post(idle) }
                    state.waiters = 0
                }
                state.lingering = true
                defer { state.suspended = [] }
                return (nil, state.suspended)
            }
            if let next {
                next()
                continue
            }
            for continuation in suspended { continuation.resume() }
            guard lingerForJob() else { return }
        }
    }

    /// Waits up to `linger` for `enqueue` to post `wake`; false when none came and the thread is
    /// to end. That is decided under the queue's lock: a job given before it is run by this
    /// thread, one given after it starts another.
    private func lingerForJob() -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + linger.wholeMilliseconds * 1_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while sem_timedwait(wake, &deadline) != 0 {
            guard errno == EINTR else { break }
        }
        // Woken, timed out, or both at once: the state says which.
        return state.withLock { state -> Bool in
            guard state.lingering, state.jobs.isEmpty else { return true }
            state.lingering = false
            state.threadAlive = false
            return false
        }
    }
}
