import Foundation
import Testing
import TestSupport

/// What reaches the wire through the environment a process inherits: the proxy variables, which
/// libcurl reads from the environment of the process (so only a `report` process of its own sees
/// them). The rest of the wire's secrets run in-process (CLITests' SecretsOnTheWireTests).
@Suite("secrets on the wire, as processes")
struct SecretsOnTheWireProcessTests {
    // MARK: 4. proxies

    @Test func aLoopbackServiceIsNeverReachedThroughAProxy() async throws {
        let proxy = try LoopbackServer()
        let service = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, #"{"memIdx": 42}"#)])
        defer { proxy.stop(); service.stop() }
        let proxyURL = proxy.baseURL
        let result = try await run(Paths.report, ["api", "/v1/me"],
                                   environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-secret",
                                                 "http_proxy": proxyURL, "HTTPS_PROXY": proxyURL, "ALL_PROXY": proxyURL,
                                                 "https_proxy": proxyURL, "all_proxy": proxyURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(proxy.requests.isEmpty, "the bearer token went in clear to a proxy")
        #expect(service.requests(to: "/v1/me").count == 1)
    }

    /// The proxy variables, and none of the developer's NO_PROXY (which could list 127.0.0.1).
    static func proxyEnvironment(_ proxy: LoopbackServer) -> [String: String] {
        ["http_proxy": proxy.baseURL, "HTTPS_PROXY": proxy.baseURL, "ALL_PROXY": proxy.baseURL,
         "https_proxy": proxy.baseURL, "all_proxy": proxy.baseURL, "no_proxy": "", "NO_PROXY": ""]
    }

    /// Other spellings of 127.0.0.1 that the loopback check and libcurl's no-proxy list must
    /// read alike: the trailing dot (which libcurl's list did not match while the check took
    /// it for loopback), case, and the IPv4 forms a resolver reads.
    static let loopbackSpellings = ["127.0.0.1.", "127.1", "0x7f.1", "0x7F.0.0.1.", "2130706433", "0177.0.0.1", "LOCALHOST.", "localhost"]

    @Test(arguments: loopbackSpellings)
    func aLoopbackServiceSpelledOtherwiseIsNeverReachedThroughAProxy(host: String) async throws {
        let proxy = try LoopbackServer()
        let service = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, #"{"memIdx": 42}"#)])
        defer { proxy.stop(); service.stop() }
        let result = try await run(Paths.report, ["api", "--base-url", "http://\(host):\(service.port)", "/v1/me"],
                                   environment: Self.proxyEnvironment(proxy).merging(["REPORT_TOKEN": "at-secret"]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(proxy.requests.isEmpty, "the bearer token went in clear to a proxy: \(proxy.requests.map(\.target))")
        #expect(service.requests(to: "/v1/me").count == 1)
        #expect(service.requests(to: "/v1/me").first?.header("Authorization") == "Bearer at-secret")
    }

    /// IPv6 loopback, however written: the service listens on IPv4 only, so the request fails
    /// to connect (or reaches whatever listens on [::1]), but it never goes to the proxy.
    @Test(arguments: ["[::1]", "[0:0:0:0:0:0:0:1]", "[::0:1]"])
    func anIPv6LoopbackServiceIsNeverReachedThroughAProxy(host: String) async throws {
        let proxy = try LoopbackServer()
        defer { proxy.stop() }
        let result = try await run(Paths.report, ["api", "--base-url", "http://\(host):\(proxy.port)", "/v1/me", "--retries", "0"],
                                   environment: Self.proxyEnvironment(proxy).merging(["REPORT_TOKEN": "at-secret"]) { $1 })
        #expect(result.stderrLines.count <= 1, "\(result.stderr)")
        #expect(proxy.requests.isEmpty, "the bearer token went in clear to a proxy: \(proxy.requests.map(\.target))")
    }

    @Test func signingInToALoopbackServiceWithATrailingDotNeverGoesThroughAProxy() async throws {
        let proxy = try LoopbackServer()
        let grant = #"{"accessToken": "at-new", "refreshToken": "rt-new", "expiresIn": 3600, "tokenType": "Bearer", "memIdx": 42}"#
        let service = try LoopbackServer(routes: ["/v1/auth/token": LoopbackServer.json(200, grant),
                                                  "/v1/me": LoopbackServer.json(200, #"{"memIdx": 42, "name": "김민준", "email": "m@example.com"}"#)])
        defer { proxy.stop(); service.stop() }
        let result = try await run(Paths.report, ["auth", "login", "--base-url", "http://127.0.0.1.:\(service.port)", "--with-token"],
                                   environment: Self.proxyEnvironment(proxy), stdin: "rt-secret\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(proxy.requests.isEmpty, "the refresh token went in clear to a proxy: \(proxy.requests.map(\.target))")
        #expect(service.requests(to: "/v1/auth/token").count == 1)
    }

    /// A host that is not plainly this machine is not loopback: plain http to it needs
    /// --allow-insecure-http, and nothing is sent without it.
    @Test(arguments: ["127.0.0.1..", "foo.localhost", "[::ffff:127.0.0.1]"])
    func aHostThatIsNotPlainlyLoopbackNeedsAllowInsecureHTTP(host: String) async throws {
        let proxy = try LoopbackServer()
        let service = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, #"{"memIdx": 42}"#)])
        defer { proxy.stop(); service.stop() }
        let result = try await run(Paths.report, ["api", "--base-url", "http://\(host):\(service.port)", "/v1/me"],
                                   environment: Self.proxyEnvironment(proxy).merging(["REPORT_TOKEN": "at-secret"]) { $1 })
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(proxy.requests.isEmpty && service.requests.isEmpty)
    }
}
