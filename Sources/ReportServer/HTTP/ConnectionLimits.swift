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
