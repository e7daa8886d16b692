@testable import Data
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The store's commits run on one thread of their own: in order, one thread for the commits of a
/// batch (they come a few milliseconds apart), and no thread once none has come for a while.
@Suite("The commit queue's thread")
struct CommitQueueTests {
    @Test func jobsRunInOrderOnOneThreadThatEndsWhenNoneCome() async throws {
        // Longer than any pause a busy machine can put between the jobs: the test is not timed.
        let queue = CommitQueue(linger: .seconds(30))
        let ran = Mutex<[(job: Int, thread: String)]>([])
        for job in 0..<5 {
            queue.enqueue { ran.withLock { $0.append((job, Self.threadID())) } }
            queue.wait()
            // A batch's commits come a few milliseconds apart: the thread waits for the next.
            try await Task.sleep(for: .milliseconds(5))
        }
        await queue.untilIdle()
        let runs = ran.withLock { $0 }
        #expect(runs.map(\.job) == [0, 1, 2, 3, 4])
        #expect(Set(runs.map(\.thread)).count == 1)
        #expect(!Self.threadID().isEmpty && runs.allSatisfy { $0.thread != Self.threadID() })
        #expect(queue.hasThread)
    }

    /// The kernel's id of the calling thread (`/proc/thread-self` links to `PID/task/TID`): ids
    /// are not reused as soon as pthread_t values are.
    static func threadID() -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }

    @Test func aJobAfterTheThreadEndedStartsAnother() async throws {
        let queue = CommitQueue(linger: .milliseconds(20))
        let count = Mutex(0)
        queue.enqueue { count.withLock { $0 += 1 } }
        queue.wait()
        let deadline = ContinuousClock.now + .seconds(10)
        while queue.hasThread, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!queue.hasThread)
        queue.enqueue { count.withLock { $0 += 1 } }
        await queue.untilIdle()
        #expect(count.withLock { $0 } == 2)
    }
}
