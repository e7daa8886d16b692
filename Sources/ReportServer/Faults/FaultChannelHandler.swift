import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Spoils a response on the connection, where Hummingbird's response API cannot: it acts on the
/// responses `FaultMiddleware` marked (the mark never leaves the server). Added to each HTTP/1.1
/// connection and each HTTP/2 stream, after the HTTP codec: it sees the response's parts.
final class FaultChannelHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The response header that carries the fault from the middleware to this handler.
    static let marker = HTTPField.Name("x-report-server-fault")!

    private enum State {
        case passing
        /// Cut or malformed: the whole response is gathered, then half its body is sent.
        case gathering(FaultKind, HTTPResponse, ByteBuffer)
        /// Headers sent; the rest of this response and anything after it are dropped.
        case stalled
        case closed
    }

    private var state = State.passing

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        switch (state, part) {
        case (.passing, .head(var head)):
            guard let mark = head.headerFields[Self.marker], let kind = FaultKind(rawValue: mark) else {
                context.write(data, promise: promise)
                return
            }
            head.headerFields[Self.marker] = nil
            switch kind {
            case .reset:
                state = .closed
                // SO_LINGER 0 makes close send RST; an HTTP/2 stream has no socket and is reset by closing it.
                // The futures complete on this handler's event loop, where `context` may be used:
                // assumeIsolated says so (and checks it) instead of sending `context` elsewhere.
                if let socket = context.channel as? any SocketOptionProvider {
                    socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
                        context.close(promise: nil)
                    }
                } else {
                    context.close(promise: nil)
                }
                promise?.succeed()
            case .close:
                state = .closed
                context.close(promise: nil)
                promise?.succeed()
            case .stall:
                state = .stalled
                context.writeAndFlush(wrapOutboundOut(.head(head)), promise: promise)
            case .cut, .malformed:
                state = .gathering(kind, head, context.channel.allocator.buffer(capacity: 0))
                promise?.succeed()
            case .status, .delay:
                context.write(wrapOutboundOut(.head(head)), promise: promise)
            }
        case (.gathering(let kind, let head, var body), .body(let buffer)):
            body.writeImmutableBuffer(buffer)
            state = .gathering(kind, head, body)
            promise?.succeed()
        case (.gathering(let kind, var head, var body), .end):
            let length = body.readableBytes
            let half = body.readSlice(length: length / 2) ?? body
            if kind == .malformed {
                // A complete, well-framed 200 whose JSON stops halfway.
                state = .passing
                head.status = .ok
                head.headerFields[.contentLength] = String(half.readableBytes)
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                context.write(wrapOutboundOut(.body(half)), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
            } else {
                // The whole body's length announced, half of it sent, then the connection closed.
                state = .closed
                head.headerFields[.contentLength] = String(length)
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.body(half))).assumeIsolated().whenComplete { _ in
                    context.close(promise: nil)
                }
                promise?.succeed()
            }
        case (.stalled, _), (.closed, _):
            // Dropped, but reported as written so the server goes on as if the client got it.
            promise?.succeed()
        case (.gathering, _), (.passing, _):
            context.write(data, promise: promise)
        }
    }
}

@available(*, unavailable)
extension FaultChannelHandler: Sendable {}
