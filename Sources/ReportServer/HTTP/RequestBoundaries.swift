import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization
import Terminal

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
