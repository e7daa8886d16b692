import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization
import Terminal

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
