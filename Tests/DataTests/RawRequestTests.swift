@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

/// `report api`'s Data side: where a raw path may go, and the request it becomes.
@Suite("raw requests and the base URL rules")
struct RawRequestTests {
    @Test(arguments: [
        ("/v1/me", "https://reports.example.com/api/v1/me"),
        ("v1/me", "https://reports.example.com/api/v1/me"),
        ("/v1/interviews?status=completed&page=2", "https://reports.example.com/api/v1/interviews?status=completed&page=2"),
        ("/v1/hints/키워드 x", "https://reports.example.com/api/v1/hints/%ED%82%A4%EC%9B%8C%EB%93%9C%20x"),
        ("https://reports.example.com/api/v1/me", "https://reports.example.com/api/v1/me"),
        ("HTTPS://REPORTS.example.com/api?x=1", "https://reports.example.com/api/?x=1"),
    ])
    func pathsGoUnderTheBaseURL(path: String, url: String) throws {
        let base = try BaseURL("https://reports.example.com/api")
        #expect(try NetworkRawRequestUseCase.url(of: path, on: base) == url)
    }

    @Test(arguments: [
        "https://evil.example.com/v1/me", "http://reports.example.com/api/v1/me", "https://reports.example.com:8443/api/v1/me",
        "https://reports.example.com/other/v1/me", "https://reports.example.com/apix", "//evil.example.com/v1/me",
        "ftp://reports.example.com/api", "javascript:alert(1)", "/v1/me#fragment", "/v1/me\r\nX-Injected: 1",
    ])
    func otherPlacesAreRefused(path: String) throws {
        let base = try BaseURL("https://reports.example.com/api")
        #expect(throws: ReportError.self) { try NetworkRawRequestUseCase.url(of: path, on: base) }
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", true), ("http://127.1.2.3", true), ("http://localhost:80", true), ("http://LOCALHOST.", true),
        ("http://[::1]:8080", true), ("http://127.example.com", false),
        ("http://localhost.example.com", false), ("http://10.0.0.1", false), ("http://0.0.0.0", false),
        ("http://[::2]", false), ("http://example.com", false), ("http://127.0.0.1..", false), ("http://foo.localhost", false),
        ("http://[::ffff:127.0.0.1]", false), ("http://127%2e0%2e0%2e1", false), ("http://0x7f.1", true), ("http://2130706433", true),
    ])
    func loopbackHosts(url: String, isLoopback: Bool) throws {
        #expect(try BaseURL(url).isLoopback == isLoopback)
    }

    /// One canonical host decides both whether a URL is loopback and what libcurl is given (and
    /// matches against its no-proxy list): spellings of one address become one text.
    @Test(arguments: [
        ("http://127.0.0.1.:8080", "http://127.0.0.1:8080"), ("http://127.1:8080/api", "http://127.0.0.1:8080"),
        ("http://0x7f.1", "http://127.0.0.1"), ("http://0X7F.0.0.1.", "http://127.0.0.1"), ("http://2130706433", "http://127.0.0.1"),
        ("http://0177.0.0.1", "http://127.0.0.1"), ("http://127.0.1", "http://127.0.0.1"), ("http://LocalHost.:80", "http://localhost:80"),
        ("http://[0:0:0:0:0:0:0:1]:8080", "http://[::1]:8080"), ("http://[::0:1]", "http://[::1]"),
        ("https://Reports.Example.com.", "https://reports.example.com."), ("https://10.1", "https://10.0.0.1"),
        ("https://0x0a.0.0.1", "https://10.0.0.1"),
    ])
    func hostsAreCanonical(url: String, origin: String) throws {
        #expect(try BaseURL(url).origin == origin)
    }

    /// A host that ends in a number is an IPv4 address, or nothing: never a name to look up.
    @Test(arguments: ["http://127.0.0.256", "http://1.2.3.4.5", "http://127..1", "http://0x1g.1", "http://09.1", "http://4294967296", "http://127%2e0.0.1"])
    func hostsThatAreNoIPv4AddressAreRefused(url: String) {
        #expect(throws: InvalidBaseURL(.notIPv4)) { try BaseURL(url) }
    }

    /// What is wrong with a base URL is decided here, as a problem the catalog says by key.
    @Test(arguments: [
        ("", BaseURLProblem.empty), ("http://a b", .notURL), ("ftp://host", .scheme), ("http://", .noHost),
        ("http://me:pw@host", .credentials), ("https://host/?x=1", .queryOrFragment), ("https://host#f", .queryOrFragment),
        ("http://host:70000", .port), ("http://127.0.0.256", .notIPv4),
    ] as [(String, BaseURLProblem)])
    func aBaseURLsProblemIsDecidedWhereItIsChecked(url: String, problem: BaseURLProblem) throws {
        #expect(ServiceBaseURL.invalidity(url) == problem)
        #expect(ServiceBaseURL.problem(url) == problem.description)
    }

    @Test func sensitiveQueryParametersAreRedactedInLogs() {
        #expect(Redactor.url("https://h/v1/x?page=2&access_token=abc&api_key=k#f") == "https://h/v1/x?page=2&access_token=[REDACTED]&api_key=[REDACTED]#f")
        #expect(Redactor.url("https://h/v1/x?refreshToken=r") == "https://h/v1/x?refreshToken=[REDACTED]")
        #expect(Redactor.url("https://h/v1/x") == "https://h/v1/x")
    }

    @Test func thePasswordOfAURLsUserInformationIsRedacted() {
        #expect(Redactor.url("http://me:pw@h:8080/x?token=t") == "http://me:[REDACTED]@h:8080/x?token=[REDACTED]")
        #expect(Redactor.url("//me:p:w@h/x") == "//me:[REDACTED]@h/x")
        #expect(Redactor.url("https://me@h/x") == "https://me@h/x", "a user name alone is no secret")
        #expect(Redactor.url("https://h/x?next=http://a:b@c") == "https://h/x?next=http://a:b@c", "only the URL's own authority")
        #expect(Redactor.url("/x/a:b@c") == "/x/a:b@c")
    }

    @Test func plainHTTPToAnotherHostNeedsPermission() throws {
        func provider(_ url: String, allow: Bool) throws -> NetworkUseCaseProvider {
            try NetworkUseCaseProvider(configuration: ServiceConfiguration(
                baseURL: url, credentials: .none, clientVersion: "test", allowsInsecureHTTP: allow))
        }
        let refusal = #expect(throws: ServiceConfigurationError.self) { try provider("http://reports.example.com", allow: false) }
        #expect(refusal?.isInsecureHTTP == true)
        if case .baseURL(let problem) = refusal?.problem { #expect(problem == .insecureHTTP(host: "reports.example.com")) }
        else { Issue.record("not a base URL's problem: \(String(describing: refusal))") }
        #expect(refusal?.description.contains("reports.example.com") == true)
        _ = try provider("http://reports.example.com", allow: true)
        _ = try provider("https://reports.example.com", allow: false)
        _ = try provider("http://127.0.0.1:8080", allow: false)
    }

    @Test func aRawRequestCarriesTheTokenAndTheCallersHeaders() async throws {
        let server = try LoopbackServer(routes: ["/v1/echo": { request, connection in
            connection.respond(status: 200, headers: [("Content-Type", "text/plain"), ("X-Seen", request.header("Accept") ?? "")],
                               body: request.body)
            return .keepAlive
        }])
        defer { server.stop() }
        let provider = try NetworkUseCaseProvider(configuration: ServiceConfiguration(
            baseURL: server.baseURL, credentials: .token("tok"), clientVersion: "test"))
        let response = try await provider.makeRawRequestUseCase().send(RawRequest(
            method: "PATCH", path: "v1/echo", headers: [RawHeader(name: "accept", value: "text/plain")], body: Array("\u{0}bytes".utf8)))
        #expect(response.status == 200)
        #expect(response.body == Array("\u{0}bytes".utf8))
        #expect(response.headers.contains(RawHeader(name: "X-Seen", value: "text/plain")))
        let request = try #require(server.requests.last)
        #expect(request.method == "PATCH")
        #expect(request.header("Authorization") == "Bearer tok")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.headers.filter { $0.name.lowercased() == "accept" }.count == 1)
    }

    @Test func theDeadlineIsSharedByEveryRequestOfTheCommand() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.waitForClientClose()
            return .close
        }])
        defer { server.stop() }
        let provider = try NetworkUseCaseProvider(configuration: ServiceConfiguration(
            baseURL: server.baseURL, credentials: .token("tok"), clientVersion: "test",
            deadline: .init(limit: .milliseconds(800), startingAt: .now)))
        let start = ContinuousClock.now
        await #expect(throws: ReportError.self) { _ = try await provider.makeMemberUseCase().me() }
        // The second call starts after the deadline: it fails at once, without a request.
        let requests = server.requests.count
        let failure = await #expect(throws: ReportError.self) { _ = try await provider.makeMemberUseCase().me() }
        #expect(server.requests.count == requests)
        #expect(failure == .network(NetworkFailure(kind: .timeout, reason: Detail(.detailTimeLimitPassed, ["limit": .data("800 ms")]))))
        #expect(start.duration(to: .now) < .seconds(10))
    }
}
