import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension LoopbackServer {
    /// Answers the statuses in turn (the last one repeats) with a small JSON body.
    public static func statuses(_ statuses: [Int]) -> Handler {
        let next = Mutex(0)
        return { _, connection in
            let index = next.withLock { index in
                defer { index += 1 }
                return min(index, statuses.count - 1)
            }
            let status = statuses[index]
            connection.respond(status: status, body: status == 200 ? #"{"memIdx":42}"#
                                                                    : #"{"error":{"code":"internal","message":"boom"}}"#)
            return .keepAlive
        }
    }

    /// Holds each request until `count` requests (to any route sharing `arrivals`) have arrived, or
    /// `timeout` has passed, then lets `handler` answer it. Requests that a client sends one after
    /// the other on one connection never meet: the first is answered only after the timeout.
    public static func held(until count: Int, arrivals: Arrivals, timeout: Duration = .seconds(5),
                            then handler: @escaping Handler) -> Handler {
        { request, connection in
            arrivals.arrive()
            arrivals.wait(for: count, timeout: timeout)
            return handler(request, connection)
        }
    }

    /// `held(until:arrivals:timeout:)` answering 200 with `body`, a JSON document, on a connection
    /// kept open.
    public static func heldJSON(_ body: [UInt8], until count: Int, arrivals: Arrivals,
                                timeout: Duration = .seconds(5)) -> Handler {
        held(until: count, arrivals: arrivals, timeout: timeout) { _, connection in
            connection.respond(status: 200, headers: [("Content-Type", "application/json")], body: body)
            return .keepAlive
        }
    }

    /// Accepts the request and never answers.
    public static let silent: Handler = { _, connection in
        connection.waitForClientClose()
        return .close
    }
}

/// Requests counted as they arrive, for handlers that wait for one another (`held(until:)`).
public final class Arrivals: Sendable {
    private let count = Mutex(0)

    public init() {}

    public func arrive() {
        count.withLock { $0 += 1 }
    }

    /// Returns once `target` requests have arrived, or after `timeout`.
    public func wait(for target: Int, timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while count.withLock({ $0 }) < target, ContinuousClock.now < deadline {
            usleep(1_000)
        }
    }
}
