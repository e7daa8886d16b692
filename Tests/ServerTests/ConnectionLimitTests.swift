import Foundation
@testable import ReportServer
import TestSupport
import Testing

/// `--header-timeout`, `--idle-timeout` and `--max-connections` (ConnectionLimits), set short so
/// that each test runs fast. Each waits generously for a close ("within 60 s"), never for one
/// that must happen quickly: a loaded machine only makes a timer fire late.
@Suite struct ConnectionLimitTests {
    static func quick(_ change: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        .demo { configuration in
            configuration.limits.headerTimeout = .seconds(1)
            configuration.limits.idleTimeout = .seconds(1)
            change(&configuration)
        }
    }

    @Test func aHalfSentRequestIsClosedAfterTheHeaderTimeout() async throws {
        try await withListeningServer(Self.quick { $0.limits.idleTimeout = .seconds(3600) }) { port in
            let client = try RawConnection(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n")
            #expect(try await client.isEnded(within: .seconds(60)))
        }
    }

    /// A head sent a byte at a time is still one head: its bytes do not restart the header timeout.
    @Test func aHeadDribbledByteByByteIsClosedAfterTheHeaderTimeout() async throws {
        try await withListeningServer(Self.quick { $0.limits.idleTimeout = .seconds(3600) }) { port in
            let client = try RawConnection(port: port)
            let dribble = Task.detached {
                for byte in "GET /v1/service/status HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 600) {
                    client.send(String(byte))
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            #expect(try await client.isEnded(within: .seconds(60)))
            dribble.cancel()
            #expect(client.received.isEmpty)
        }
    }

    @Test func aConnectionThatNeverStartsTheTLSHandshakeIsClosed() async throws {
        try await SelfSignedFolderTests.withFolder { folder in
            let files = try SelfSignedCertificates.make(in: folder.appendingPathComponent("tls"), host: "127.0.0.1")
            let configuration = Self.quick {
                $0.tls = (files.certificateChain, files.privateKey)
                $0.limits.idleTimeout = .seconds(3600)
            }
            try await withListeningServer(configuration) { port in
                let client = try RawConnection(port: port)
                #expect(try await client.isEnded(within: .seconds(60)))
            }
        }
    }

    @Test func aConnectionLeftOpenAfterItsResponseIsClosedAfterTheIdleTimeout() async throws {
        try await withListeningServer(Self.quick { $0.limits.headerTimeout = .seconds(3600) }) { port in
            let client = try RawConnection(port: port)
            client.send("GET /v1/service/status HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await client.isEnded(within: .seconds(60)))
            #expect(client.statusLine == "HTTP/1.1 200 OK", "answered first")
        }
    }

    @Test func aBodyThatStopsComingIsClosedAfterTheIdleTimeout() async throws {
        try await withListeningServer(Self.quick { $0.limits.headerTimeout = .seconds(3600) }) { port in
            let client = try RawConnection(port: port)
            client.send("POST /v1/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"grant")
            #expect(try await client.isEnded(within: .seconds(60)))
        }
    }

    /// A stall is the server's doing (a fault asked for): neither timeout ends it.
    @Test func aResponseTheServerStallsIsNotTimedOut() async throws {
        try await withListeningServer(Self.quick()) { port in
            let client = try RawConnection(port: port)
            client.send("GET /v1/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo-access-42\r\nPrefer: fault=stall\r\n\r\n")
            #expect(try await client.read(for: .seconds(60), untilHead: true) == nil, "the head came")
            #expect(client.statusLine == "HTTP/1.1 200 OK")
            // Three times both timeouts: still open (a late timer could only make this pass more surely).
            #expect(try await client.read(for: .seconds(3)) == .open)
        }
    }

    /// Past the bound a connection waits in the listen queue, unanswered, and is served as soon as
    /// one of the others closes.
    @Test func aConnectionPastTheBoundWaitsUntilASlotFrees() async throws {
        try await withListeningServer(Self.quick { $0.limits.maxConnections = 2 }) { port in
            var held: [RawConnection] = []
            for _ in 0..<2 {
                let client = try RawConnection(port: port)
                client.resetsOnClose = true
                client.send("GET /v1/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo-access-42\r\nPrefer: fault=stall\r\n\r\n")
                #expect(try await client.read(for: .seconds(60), untilHead: true) == nil, "accepted and held")
                held.append(client)
            }
            let waiting = try RawConnection(port: port)
            waiting.send("GET /v1/service/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(try await waiting.read(for: .seconds(2)) == .open)
            #expect(waiting.received.isEmpty, "not served while both slots are held")
            held.removeFirst()
            #expect(try await waiting.read(for: .seconds(60)) == .closed)
            #expect(waiting.statusLine == "HTTP/1.1 200 OK")
        }
    }
}
