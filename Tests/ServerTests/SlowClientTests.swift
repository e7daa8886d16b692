import Foundation
@testable import ReportServer
import TestSupport
import Testing

/// A client that sends what it is told, when it is told, over a plain loopback socket, and sees
/// whether the server closed the connection: a slow client (slowloris) as the server meets it.
final class RawConnection: @unchecked Sendable {
    let socket: Int32

    init(port: Int) throws {
        socket = try connectToLoopback(port: port)
    }

    /// Closes the connection with a reset (SO_LINGER 0) when it goes, which the server sees at once
    /// even while it is not reading: a plain close is a half-close it is allowed to wait out.
    var resetsOnClose = false

    deinit {
        if resetsOnClose {
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(socket, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }
        Glibc.close(socket)
    }

    func send(_ text: String) {
        _ = text.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes or resets the connection, or `limit` passes (`.open`), or,
    /// with `untilHead`, until a response head has arrived whole. Blocking, on a thread of its own.
    func read(for limit: Duration, untilHead: Bool = false) async throws -> RawHTTPExchange.Ending? {
        let socket = socket
        return try await offThePool { () -> RawHTTPExchange.Ending? in
            var timeout = timeval(tv_sec: Int(limit.components.seconds), tv_usec: Int(limit.components.attoseconds / 1_000_000_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let end = ContinuousClock.now + limit
            while ContinuousClock.now < end {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count > 0 {
                    self.received.append(contentsOf: buffer[..<count])
                    if untilHead, self.received.range(of: Data("\r\n\r\n".utf8)) != nil { return nil }
                } else if count == 0 {
                    return .closed
                } else if errno == ECONNRESET {
                    return .reset
                } else if errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK {
                    throw POSIXError(.init(rawValue: errno) ?? .EIO)
                }
            }
            return .open
        }
    }

    /// Whether the server ended the connection within `limit`: closed it, or reset it (as a close
    /// does when bytes the client sent are still unread).
    func isEnded(within limit: Duration) async throws -> Bool {
        try await read(for: limit) != .open
    }

    /// Everything received so far.
    var received = Data()

    var statusLine: String? {
        String(decoding: received, as: UTF8.self).split(separator: "\r\n").first.map(String.init)
    }
}

/// Runs the application of `configuration` on a free loopback port, without a client of its own
/// (every connection the test counts is the test's), and stops it after `body`.
func withListeningServer(_ configuration: ServerConfiguration = .demo(), _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-server-slow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let ready = folder.appendingPathComponent("url.txt")
    var configuration = configuration
    configuration.readyFile = ready.path
    let application = try await buildApplication(configuration: configuration)
    let service = Task { try await application.runService() }
    defer { service.cancel() }
    var url: String?
    for _ in 0..<600 where url == nil {
        url = try? String(contentsOf: ready, encoding: .utf8)
        if url == nil { try await Task.sleep(for: .milliseconds(50)) }
    }
    let line = try #require(url, "the server did not start")
    let port = try #require(Int(line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
    try await body(port)
    service.cancel()
    _ = await service.result
}

/// report-server under slow clients: half a request, no TLS handshake, a body that never ends, a
/// connection left open after its response. Each is closed; a response the server takes long over is not.
@Suite struct SlowClientTests {
    /// The issue's own measure, with the default settings: a half-sent request is closed within a minute.
    @Test func aHalfSentRequestIsClosedWithinAMinuteByDefault() async throws {
        // The product's limits, not the long ones the other tests' servers have (`demo`).
        try await withListeningServer(.demo { $0.limits = ConnectionLimits() }) { port in
            let client = try RawConnection(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n")
            #expect(try await client.isEnded(within: .seconds(60)))
            #expect(client.received.isEmpty, "closed without an answer")
        }
    }
}

/// The review's attack at a small scale, on the real binary under a low open-file limit: 200
/// connections that each send half a request, then a real one, which is answered.
@Suite(.enabled(if: ServerProcess.executable != nil, "report-server is not built"))
struct SlowClientBinaryTests {
    @Test func manySlowClientsUnderALowOpenFileLimitLeaveRoomForARealRequest() async throws {
        let executable = try #require(ServerProcess.executable)
        let server = try ServerProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: [
            "-c", #"ulimit -n 128 && exec "$0" "$@""#, executable.path, "--port", "0", "--header-timeout", "1s",
        ])
        let port = try #require(ServerBinaryTests.port(of: await server.firstLine()), "\(server.errorOutput())")
        var slow: [RawConnection] = []
        for _ in 0..<200 {
            let client = try RawConnection(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n")
            slow.append(client)
        }
        let exchange = try await RawHTTPExchange.get("/v1/service/status", port: port, headers: ["Connection: close"],
                                                     quiet: .seconds(60))
        #expect(exchange.statusCode == 200, "\(exchange.ending): \(exchange.head)")
        var closed = 0
        for client in slow where try await client.isEnded(within: .seconds(60)) { closed += 1 }
        #expect(closed == slow.count, "every slow connection closed")
        #expect(await server.stop() == 0)
    }
}
