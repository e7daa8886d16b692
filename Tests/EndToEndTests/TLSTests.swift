import Foundation
import Synchronization
import Testing
import TestSupport

/// `report` over real TLS: nginx on loopback with certificates made at test time (TLSServer).
/// Verification failures are one line and exit 68, five times in a row, never a crash on the way
/// out; `--cacert` is the only trust store when given; redirects never downgrade or carry the
/// token to another origin; a batch shares one HTTP/2 connection; an https service is reached
/// through HTTPS_PROXY as curl would.
@Suite("report over TLS, end to end", .serialized)
struct TLSTests {
    let tls = TLSServer.shared

    private func report(_ arguments: [String], environment: [String: String] = [:]) async throws -> RunResult {
        try await run(Paths.report, arguments, environment: ["REPORT_TOKEN": "demo-access-42"].merging(environment) { $1 },
                      timeLimit: .seconds(30))
    }

    @Test func aTrustedServiceWithCacertServesTheReport() async throws {
        let result = try await report(["fetch", "--term", "1001", "--json", "--base-url", tls.baseURL, "--cacert", tls.caFile])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.json()["schemaVersion"] as? Int == 1)
    }

    /// Each failure five times: the process used to exit while the other transfer of the fetch was
    /// still in its TLS handshake, and die in OpenSSL's exit handlers (SIGSEGV, 4 runs in 5).
    @Test(arguments: [
        ("untrusted CA", 0, nil as String?),
        ("a CA that did not sign it", 0, "other"),
        ("another host name", 1, "ca"),
        ("expired", 2, "ca"),
    ])
    func aCertificateThatIsNotTrustedIsExit68WithOneLine(what: String, block: Int, cacert: String?) async throws {
        let port = [tls.port, tls.wrongHostPort, tls.expiredPort][block]
        var arguments = ["fetch", "--term", "1001", "--json", "--base-url", "https://127.0.0.1:\(port)"]
        if let cacert { arguments += ["--cacert", cacert == "ca" ? tls.caFile : tls.otherCAFile] }
        for run in 1...5 {
            let result = try await report(arguments)
            #expect(result.status == 68, "\(what), run \(run): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1, "\(what), run \(run): \(result.stderr)")
            let error = try #require(try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any])
            let body = try #require(error["error"] as? [String: Any])
            #expect(body["exitCode"] as? Int == 68)
            #expect((body["hint"] as? String)?.contains("--cacert") == true, "the TLS hint names --cacert")
        }
    }

    /// What is wrong with a certificate, said in Korean by OpenSSL's verify result (and libcurl's
    /// code for a certificate of another host), never by libcurl's English.
    @Test(arguments: [
        (0, nil as String?, "서비스의 인증서를 발급한 기관을 신뢰할 수 없습니다."),
        (0, "other", "서비스의 인증서를 발급한 기관을 신뢰할 수 없습니다."),
        (1, "ca", "서비스의 인증서가 호스트 이름 127.0.0.1의 인증서가 아닙니다."),
        (2, "ca", "서비스의 인증서가 만료되었습니다."),
    ])
    func aCertificateProblemIsSaidInKorean(block: Int, cacert: String?, korean: String) async throws {
        let port = [tls.port, tls.wrongHostPort, tls.expiredPort][block]
        var arguments = ["status", "--lang", "ko", "--base-url", "https://127.0.0.1:\(port)"]
        if let cacert { arguments += ["--cacert", cacert == "ca" ? tls.caFile : tls.otherCAFile] }
        let result = try await report(arguments)
        #expect(result.status == 68, "\(result.stderr)")
        #expect(result.stderr.contains("서비스에 연결할 수 없습니다: " + korean), "\(result.stderr)")
        #expect(EnglishInKorean.englishRun(in: result.stderr) == nil, "\(result.stderr)")
    }

    @Test func theHumanLineOfATLSFailureNamesCacert() async throws {
        let result = try await report(["status", "--base-url", tls.baseURL])
        #expect(result.status == 68)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("--cacert"))
    }

    /// `--cacert` replaces the system's trust store: with the test CA in the place of
    /// /etc/ssl/certs (a private mount namespace), a `--cacert` bundle of another CA must still fail.
    @Test(.enabled(if: getuid() == 0, "needs a private mount namespace (root)"))
    func cacertReplacesTheSystemTrustStore() async throws {
        func inNamespace(_ arguments: [String]) async throws -> RunResult {
            try await run(URL(fileURLWithPath: "/usr/bin/unshare"),
                          ["-m", "--propagation", "private", "sh", "-c", "mount --bind \"$0\" /etc/ssl/certs && exec \"$@\"",
                           tls.caDirectory, Paths.report.path] + arguments,
                          environment: ["REPORT_TOKEN": "demo-access-42"], timeLimit: .seconds(30))
        }
        let system = try await inNamespace(["status", "--base-url", tls.baseURL])
        #expect(system.status == 0, "the system store (the test CA's directory here) trusts the server: \(system.stderr)")
        let replaced = try await inNamespace(["status", "--base-url", tls.baseURL, "--cacert", tls.otherCAFile])
        #expect(replaced.status == 68, "--cacert of another CA, yet the system directory was consulted")
        #expect(replaced.stderrLines.count == 1)
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefused() async throws {
        let result = try await report(["api", "/v1/to-http", "--base-url", tls.baseURL, "--cacert", tls.caFile])
        #expect(result.status == 68, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        // Told from an HTTP/0.9 answer (the same CURLcode) by the redirect's status, not libcurl's text.
        let korean = try await report(["api", "/v1/to-http", "--lang", "ko", "--base-url", tls.baseURL, "--cacert", tls.caFile])
        #expect(korean.stderr.contains("허용되지 않은 스킴으로의 리디렉션을 따르지 않았습니다."), "\(korean.stderr)")
    }

    @Test func authorizationDoesNotFollowARedirectToAnotherOrigin() async throws {
        let result = try await report(["api", "/v1/to-other-origin", "--base-url", tls.baseURL, "--cacert", tls.caFile])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("landed"))
        let log = try tls.accessLog()
        let redirect = try #require(log.last { $0.contains("/v1/to-other-origin") })
        let landing = try #require(log.last { $0.contains("/v1/landing") })
        #expect(redirect.hasSuffix("Bearer demo-access-42"), "the service itself got the token")
        #expect(landing.hasSuffix(" -"), "the other origin got no Authorization: \(landing)")
    }

    /// The first requests to the service (up to one fetch's three) do not wait to learn whether
    /// the first connection multiplexes (over HTTP/1.1 that wait cost a round trip or two); the
    /// rest of the batch multiplexes on those connections instead of opening one a request.
    @Test func aBatchMultiplexesOnTheFirstHTTP2Connections() async throws {
        let before = try tls.accessLog().count
        let terms = ["1001", "1002", "1003", "1004", "1007"].flatMap { ["--term", $0] }
        let result = try await report(["fetch"] + terms + ["--parallel", "8", "--jsonl", "--base-url", tls.baseURL, "--cacert", tls.caFile])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.filter { !$0.isEmpty }.count == 5)
        let lines = try tls.accessLog().dropFirst(before)
        #expect(lines.count == 10, "an interview and a report a term")
        #expect(lines.allSatisfy { $0.split(separator: " ")[1] == "HTTP/2.0" })
        let connections = Set(lines.map { $0.split(separator: " ")[0] })
        #expect(connections.count <= 3, "at most three connections for ten requests: \(lines)")
    }

    /// An https service behind HTTPS_PROXY: the client asks the proxy to CONNECT to the service's
    /// name (the proxy resolves it), and TLS runs end to end through the tunnel. NO_PROXY for that
    /// name bypasses the proxy, as curl does.
    @Test func anHTTPSServiceIsReachedThroughHTTPSProxyAndNoProxyBypassesIt() async throws {
        let proxy = try ConnectProxy(to: tls.port)
        defer { proxy.stop() }
        let base = "https://reports.test:\(tls.port)"
        let through = try await report(["fetch", "--term", "1001", "--json", "--base-url", base, "--cacert", tls.caFile],
                                       environment: ["HTTPS_PROXY": proxy.url])
        #expect(through.status == 0, "\(through.stderr)")
        #expect(proxy.tunnels.contains("reports.test:\(tls.port)"))

        let tunnelsBefore = proxy.tunnels.count
        let bypassed = try await report(["fetch", "--term", "1001", "--json", "--base-url", base, "--cacert", tls.caFile],
                                        environment: ["HTTPS_PROXY": proxy.url, "NO_PROXY": "reports.test"])
        #expect(bypassed.status == 68, "reports.test does not resolve without the proxy")
        #expect(proxy.tunnels.count == tunnelsBefore)
    }
}

/// An HTTP CONNECT proxy on loopback that tunnels a CONNECT to `reports.test:port` to
/// 127.0.0.1:`port`, and records the targets.
final class ConnectProxy: Sendable {
    private let server: LoopbackServer
    private let targets = Mutex<[String]>([])

    var url: String { server.baseURL }
    var tunnels: [String] { targets.withLock { $0 } }

    init(to port: Int) throws {
        server = try LoopbackServer()
        server.route("reports.test:\(port)") { request, connection in
            guard request.method == "CONNECT" else {
                connection.respond(status: 400, body: "only CONNECT")
                return .close
            }
            self.targets.withLock { $0.append(request.target) }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            guard connected else {
                close(upstream)
                connection.respond(status: 502, body: "no upstream")
                return .close
            }
            connection.send("HTTP/1.1 200 Connection Established\r\n\r\n")
            Self.splice(connection.fd, upstream)
            close(upstream)
            return .close
        }
    }

    func stop() { server.stop() }

    /// Copies bytes both ways until either side closes.
    private static func splice(_ a: Int32, _ b: Int32) {
        var fds = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        while poll(&fds, 2, 30_000) > 0 {
            for (index, entry) in fds.enumerated() where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                let other = fds[1 - index].fd
                var offset = 0
                while offset < count {
                    let sent = buffer[offset..<count].withUnsafeBytes { send(other, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    guard sent > 0 else { return }
                    offset += sent
                }
            }
        }
    }
}
