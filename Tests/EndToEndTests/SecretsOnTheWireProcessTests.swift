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
}
