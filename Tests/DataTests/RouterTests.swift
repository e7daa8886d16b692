@testable import Data
import Domain
import Foundation
import Testing

@Suite("Router, Endpoint and BaseURL")
struct RouterTests {
    private let termNo = TermNumber(1001)!

    @Test(arguments: [
        (Router.serviceStatus, "GET", "/v1/service/status", false),
        (.refreshToken("r"), "POST", "/v1/auth/token", false),
        (.me, "GET", "/v1/me", true),
        (.completedInterviews(page: 2, size: 20), "GET", "/v1/interviews?status=completed&page=2&size=20", true),
        (.interview(TermNumber(4_294_967_295)!), "GET", "/v1/interviews/4294967295", true),
        (.analysisReport(TermNumber(1001)!), "GET", "/v1/analysis/report?termNo=1001", true),
        (.videoReport(TermNumber(1001)!), "GET", "/v1/analysis/video-report?termNo=1001", true),
        (.hint(.keywords), "GET", "/v1/hints/keywords", true),
    ])
    func routes(route: Router, method: String, target: String, requiresAuth: Bool) throws {
        let endpoint = route.endpoint
        let base = try BaseURL("https://reports.example.com")
        #expect(endpoint.method.rawValue == method)
        #expect(endpoint.url(relativeTo: base) == "https://reports.example.com" + target)
        #expect(endpoint.requiresAuth == requiresAuth)
        #expect(endpoint.body == nil || method == "POST")
    }

    @Test func refreshBodyIsEscapedJSONAndTheTokenNeverShowsInDescriptions() throws {
        let route = Router.refreshToken("se\"cr\\et\n")
        let body = try #require(route.endpoint.body)
        let json = try JSONSerialization.jsonObject(with: body) as? [String: String]
        #expect(json == ["grantType": "refresh_token", "refreshToken": "se\"cr\\et\n"])
        #expect(route.description == "POST /v1/auth/token")
        #expect(!"\(route)".contains("se"))
    }

    @Test func pathAndQueryArePercentEncoded() throws {
        let endpoint = Endpoint(path: ["v1", "a b/c?d", "한"], query: [.init(name: "q&x", value: "1+2=3 /é")],
                                requiresAuth: false)
        #expect(endpoint.url(relativeTo: try BaseURL("http://h")) == "http://h/v1/a%20b%2Fc%3Fd/%ED%95%9C?q%26x=1%2B2%3D3%20%2F%C3%A9")
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080", ""),
        ("https://reports.example.com/", "https://reports.example.com", ""),
        ("HTTPS://reports.example.com/api//", "https://reports.example.com", "/api"),
        ("http://h/api/v0", "http://h", "/api/v0"),
        ("  http://[::1]:9000/x  ", "http://[::1]:9000", "/x"),
    ])
    func validBaseURLs(text: String, origin: String, prefix: String) throws {
        let base = try BaseURL(text)
        #expect(base.origin == origin)
        #expect(base.pathPrefix == prefix)
    }

    @Test(arguments: [
        "", "reports.example.com", "ftp://h/", "file:///etc/passwd", "http://", "http://user:pw@h/",
        "http://h/?q=1", "http://h/#f", "http://h:0/", "not a url",
    ])
    func invalidBaseURLs(text: String) {
        #expect(throws: InvalidBaseURL.self) { try BaseURL(text) }
    }

    @Test func invalidBaseURLMessageDoesNotRepeatTheURL() {
        let error = #expect(throws: InvalidBaseURL.self) { try BaseURL("http://user:hunter2@h/") }
        #expect(error?.description.contains("hunter2") == false)
    }
}
