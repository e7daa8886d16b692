@testable import Data
import Foundation
import TestSupport
import Synchronization
import Terminal

/// Time for retry tests: sleeping records the delay and moves a virtual clock instead of waiting.
final class VirtualTime: Sendable {
    /// The wall clock the policy sees (Retry-After dates are relative to it).
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// Monotonic time stands still but for the sleeps, so deadlines do not depend on machine load.
    private let origin = ContinuousClock.now
    private let state = Mutex<(offset: Duration, sleeps: [Duration])>((.zero, []))

    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// A policy with jitter fixed at `random`, sleeping virtually.
    func policy(random: Double = 0.5, deadline: Duration? = nil) -> RetryPolicy {
        var policy = RetryPolicy()
        policy.random = { random }
        policy.deadline = deadline.map { Deadline(limit: $0, startingAt: origin) }
        policy.sleep = { [self] delay in state.withLock { $0.offset += delay; $0.sleeps.append(delay) } }
        policy.uptime = { [self] in origin + state.withLock { $0.offset } }
        policy.now = { [self] in now + state.withLock { Double($0.offset.components.seconds) } }
        return policy
    }
}

/// Collects the log hook's lines.
final class LogRecorder: Sendable {
    private let storage = Mutex<[String]>([])

    var lines: [String] { storage.withLock { $0 } }

    var hook: @Sendable (String) -> Void {
        { [self] line in storage.withLock { $0.append(line) } }
    }
}

/// Answers the scripted statuses in turn (the last one repeats), each with its headers and body.
func sequence(_ replies: [(status: Int, headers: [(String, String)], body: String)]) -> LoopbackServer.Handler {
    let next = Mutex(0)
    return { _, connection in
        let index = next.withLock { index in
            defer { index += 1 }
            return min(index, replies.count - 1)
        }
        let reply = replies[index]
        connection.respond(status: reply.status, headers: [("Content-Type", "application/json")] + reply.headers,
                           body: reply.body)
        return .keepAlive
    }
}
