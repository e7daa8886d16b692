import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization
import Terminal

/// A server's child channel (HTTP/1.1, or HTTPS with HTTP/2 and HTTP/1.1 by ALPN) with a
/// `SlowClientGuard` at the front of every connection's pipeline, where it sees every byte the
/// client sends (still encrypted, with TLS) and keeps its deadlines from the connection's first
/// instant; `RequestBoundaries`, added after the HTTP codec, tells it where requests begin and end.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limits: ConnectionLimits
    /// `--verbose`: a line on stderr for every connection closed for a timeout.
    let logs: Bool
    private let listenerTuned = OnceFlag()

    init(base: Base, limits: ConnectionLimits, logs: Bool) {
        self.base = base
        self.limits = limits
        self.logs = logs
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        // NIO accepts up to four connections per wake-up: one at a time, the bound on connections
        // is exact (the listening socket is the parent of every connection).
        if listenerTuned.claim(), let listener = channel.parent {
            listener.setOption(ChannelOptions.maxMessagesPerRead, value: 1).whenFailure { _ in }
        }
        do {
            try channel.pipeline.syncOperations.addHandler(
                SlowClientGuard(headerTimeout: limits.headerTimeout, idleTimeout: limits.idleTimeout, logs: logs),
                position: .first
            )
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
