import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization
import Terminal

/// How long report-server waits on a client, and how many connections it holds at once
/// (`--header-timeout`, `--idle-timeout`, `--max-connections`): a client that opens connections
/// and sends half a request on each (slowloris) would otherwise hold every descriptor the process
/// may open, and no real request would be answered.
struct ConnectionLimits: Sendable, Equatable {
    /// From a connection's start (its TLS handshake included), or from the first byte of a later
    /// request on it, until the request's head (request line and headers) has arrived whole.
    var headerTimeout: Duration = .seconds(10)
    /// Silence while a request's body is being sent, and between a response and the next request.
    var idleTimeout: Duration = .seconds(30)
    /// Connections open at once; more wait in the listen queue (256) until one closes.
    var maxConnections = 256

    /// Descriptors kept for everything but client connections: the listening socket, the event
    /// loops' own, stdio, the data and TLS files.
    static let reservedDescriptors = 64

    /// The most connections the open-file limit (`ulimit -n`) leaves room for.
    static func connectionAllowance() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int(Int32.max) }
        // RLIM_INFINITY is the largest value: clamped, it leaves room for any count.
        return max(1, min(Int(Int32.max), Int(clamping: limit.rlim_cur) - reservedDescriptors))
    }

    /// The default bound: 256, or fewer if the open-file limit is low.
    static var defaultMaxConnections: Int { min(256, connectionAllowance()) }
}

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

/// True for the first caller only.
final class OnceFlag: Sendable {
    private let claimed = Atomic<Bool>(false)

    func claim() -> Bool { !claimed.exchange(true, ordering: .relaxed) }
}

/// Closes a connection whose client is too slow: no whole request head within the header timeout
/// (of the connection's start, or of the first byte of a later request), or silence past the idle
/// timeout while it sends a body or between requests. Never while the server is answering: a
/// response that takes long (a `delay` or `stall` fault) is the server's doing. On an HTTP/2
/// connection it keeps the header timeout until the first stream; Hummingbird's HTTP/2 idle
/// timeout takes over from there.
final class SlowClientGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum Phase {
        /// Before the request's head is whole: the header timeout runs from `since`.
        case awaitingHead(since: NIODeadline)
        /// Head read, body still coming: the idle timeout runs from the last byte.
        case readingBody
        /// The whole request read: the server's turn, no deadline.
        case answering
        /// Every response sent: the idle timeout runs from `since`, until the next request's first byte.
        case idle(since: NIODeadline)
        /// HTTP/2 after its first stream: Hummingbird's HTTP/2 idle timeout watches the connection.
        case multiplexed
    }

    private let headerTimeout: Duration
    private let idleTimeout: Duration
    private let logs: Bool
    private var phase: Phase?
    private var lastRead = NIODeadline.now()
    /// Requests whose head was read and whose response has not ended (more than one when pipelined).
    private var openRequests = 0
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(headerTimeout: Duration, idleTimeout: Duration, logs: Bool) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.logs = logs
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastRead = .now()
        if case .idle = phase {
            enter(.awaitingHead(since: lastRead))
        }
        context.fireChannelRead(data)
    }

    // MARK: What RequestBoundaries reports

    func requestHeadRead() {
        openRequests += 1
        enter(.readingBody)
    }

    func requestEndRead() {
        if case .readingBody = phase { enter(.answering) }
    }

    func responseEnded() {
        openRequests = max(0, openRequests - 1)
        if openRequests == 0, case .answering = phase { enter(.idle(since: .now())) }
    }

    func streamOpened() {
        enter(.multiplexed)
    }

    // MARK: The one timer

    private func start() {
        guard phase == nil else { return }
        enter(.awaitingHead(since: .now()))
    }

    private func enter(_ next: Phase) {
        if case .multiplexed = phase { return }
        phase = next
        cancelTimer()
        schedule()
    }

    private var deadline: NIODeadline? {
        switch phase {
        case .awaitingHead(let since)?: since + TimeAmount(headerTimeout)
        case .readingBody?: lastRead + TimeAmount(idleTimeout)
        case .idle(let since)?: since + TimeAmount(idleTimeout)
        case .answering?, .multiplexed?, nil: nil
        }
    }

    private func schedule() {
        guard let context, let deadline else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
            self?.timerFired()
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    private func timerFired() {
        timer = nil
        guard let context, let deadline else { return }
        // A body's bytes move the deadline without rescheduling at every read.
        guard NIODeadline.now() >= deadline else {
            schedule()
            return
        }
        if logs {
            let reason = switch phase {
            case .awaitingHead?: "no whole request head within \(DurationText.text(headerTimeout)) (--header-timeout)"
            default: "nothing received for \(DurationText.text(idleTimeout)) (--idle-timeout)"
            }
            let client = context.channel.remoteAddress.map { " from \($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? ""
            ServerLog.write("closed a connection\(client): \(reason)")
        }
        phase = .answering
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension SlowClientGuard: Sendable {}

/// Tells the connection's `SlowClientGuard` where requests begin and end: added after the HTTP
/// codec (of an HTTP/1.1 connection, or of each HTTP/2 stream), and before `FaultChannelHandler`
/// on the way out, so that a response a fault stalls never ends, and is never timed out.
final class RequestBoundaries: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var connectionGuard: SlowClientGuard?

    func handlerAdded(context: ChannelHandlerContext) {
        if let found = try? context.pipeline.syncOperations.handler(type: SlowClientGuard.self) {
            connectionGuard = found
        } else if let connection = context.channel.parent,
                  let found = try? connection.pipeline.syncOperations.handler(type: SlowClientGuard.self) {
            // An HTTP/2 stream (on its connection's event loop): the connection carries requests now.
            found.streamOpened()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: connectionGuard?.requestHeadRead()
        case .body: break
        case .end: connectionGuard?.requestEndRead()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { connectionGuard?.responseEnded() }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension RequestBoundaries: Sendable {}
