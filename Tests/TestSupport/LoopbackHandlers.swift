import Synchronization

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

    /// Accepts the request and never answers.
    public static let silent: Handler = { _, connection in
        connection.waitForClientClose()
        return .close
    }
}
