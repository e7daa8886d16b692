@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

@Suite("Network<T> against a loopback server")
struct NetworkTests {
    struct Interview: Decodable, ResponseBody, Equatable {
        let termNo: Int
        let companyName: String
        let regDate: String
    }

    private let termNo = TermNumber(1001)!

    private func network<T: ResponseBody>(_ server: LoopbackServer, _ type: T.Type = T.self) throws -> Network<T> {
        Network(transport: try makeTransport(), baseURL: try BaseURL(server.baseURL), retryPolicy: .never)
    }

    @Test func decodesA200IgnoringUnknownKeys() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews/1001": LoopbackServer.json(200, """
            {"termNo":1001,"companyName":"사람인","regDate":"2026-11-02T10:15:00+09:00","newField":[1,2]}
            """)])
        defer { server.stop() }

        let interview = try await network(server, Interview.self).request(.interview(termNo), accessToken: "tok")

        #expect(interview == Interview(termNo: 1001, companyName: "사람인", regDate: "2026-11-02T10:15:00+09:00"))
        let request = try #require(server.requests.first)
        #expect(request.header("Authorization") == "Bearer tok")
        #expect(request.header("Accept") == "application/json")
    }

    @Test func sendsNoAuthorizationWithoutAToken() async throws {
        let server = try LoopbackServer(routes: ["/v1/service/status": LoopbackServer.json(200, #"{"status":"OK"}"#)])
        defer { server.stop() }
        struct Status: Decodable, ResponseBody { let status: String }
        _ = try await network(server, Status.self).request(.serviceStatus, accessToken: nil)
        _ = try await network(server, Status.self).request(.serviceStatus, accessToken: "tok")
        #expect(server.requests.allSatisfy { $0.header("Authorization") == nil })
    }

    @Test func postsTheRefreshGrant() async throws {
        let server = try LoopbackServer(routes: ["/v1/auth/token": LoopbackServer.json(200, #"{"accessToken":"a2"}"#)])
        defer { server.stop() }
        struct Token: Decodable, ResponseBody { let accessToken: String }
        let token = try await network(server, Token.self).request(.refreshToken("r\"1"), accessToken: "old")
        #expect(token.accessToken == "a2")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Authorization") == nil)
        let body = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: String]
        #expect(body == ["grantType": "refresh_token", "refreshToken": "r\"1"])
    }

    @Test func errorBodyBecomesHTTPError() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews/1001": LoopbackServer.json(404, """
            {"error":{"code":"not_found","message":"no interview 1001"}}
            """)])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Interview.self).request(.interview(termNo), accessToken: "tok")
        }
        #expect(error == .http(status: 404, code: "not_found", message: "no interview 1001", retryAfter: nil))
    }

    @Test func htmlErrorBodyKeepsAShortSnippet() async throws {
        let html = "<!DOCTYPE html><html><head><title>500 Internal\nServer Error</title></head>"
            + "<body><h1>Oops</h1>" + String(repeating: "x", count: 5000) + "</body></html>"
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.respond(status: 500, headers: [("Content-Type", "text/html")], body: html)
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Interview.self).request(.me, accessToken: "tok")
        }
        #expect(error == .http(status: 500, code: nil, message: "500 Internal Server Error", retryAfter: nil))
    }

    @Test func htmlWithoutTitleIsStrippedOfTags() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.respond(status: 502, headers: [("Content-Type", "text/html")],
                               body: "<html><body><h1>Bad gateway</h1><p>upstream \u{1B}[31mfailed</p></body></html>")
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Interview.self).request(.me, accessToken: "tok")
        }
        #expect(error == .http(status: 502, code: nil, message: "Bad gateway upstream [31mfailed", retryAfter: nil))
    }

    @Test func emptyErrorBodyUsesTheReasonPhrase() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.respond(status: 503, headers: [("Retry-After", "120")], body: [])
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Interview.self).request(.me, accessToken: "tok")
        }
        #expect(error == .http(status: 503, code: nil, message: "Service Unavailable", retryAfter: .seconds(120)))
    }

    @Test func serverMessageIsSanitizedToOneLine() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(400, """
            {"error":{"code":"bad_request","message":"bad\\n\\u001b[2Jthing\\ttoo"}}
            """)])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Interview.self).request(.me, accessToken: "tok")
        }
        #expect(error == .http(status: 400, code: "bad_request", message: "bad [2Jthing too", retryAfter: nil))
    }

    @Test func malformedJSONIsADecodingError() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, #"{"termNo":1001,"#)])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Interview.self).request(.me, accessToken: "tok")
        }
        #expect(error == .decoding(Detail(.detailJSONNotJSON)))
    }

    @Test func wrongShapeNamesTheMissingKey() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, #"{"termNo":1001,"companyName":"x"}"#)])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Interview.self).request(.me, accessToken: "tok")
        }
        #expect(error == .decoding(Detail(.detailJSONMissingKey, ["key": .data("regDate")])))
    }

    @Test func aReportResponseWithoutResultIsNotAPendingAnalysis() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/analysis/report": LoopbackServer.json(200, #"{"data":{"report":{"keyword":["a"]}}}"#),
            "/v1/analysis/video-report": LoopbackServer.json(200, "{}"),
        ])
        defer { server.stop() }
        let term = try #require(TermNumber(1001))
        let report = await #expect(throws: NetworkError.self) {
            try await network(server, AnalysisReportResponseDTO.self).request(.analysisReport(term), accessToken: "tok")
        }
        #expect(report == .decoding(Detail(.detailJSONMissingKey, ["key": .data("result")])))
        let video = await #expect(throws: NetworkError.self) {
            try await network(server, VideoReportResponseDTO.self).request(.videoReport(term), accessToken: "tok")
        }
        #expect(video == .decoding(Detail(.detailJSONMissingKey, ["key": .data("result")])))
        // null is the contract's "still running", and still reads so.
        server.route("/v1/analysis/report", LoopbackServer.json(200, #"{"result":null}"#))
        let pending = try await network(server, AnalysisReportResponseDTO.self).request(.analysisReport(term), accessToken: "tok")
        #expect(pending.result == nil)
    }

    @Test func wrongTypeNamesThePathAndTheExpectedType() async throws {
        struct Page: Decodable, ResponseBody { let items: [Interview] }
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.json(200, """
            {"items":[{"termNo":"1001","companyName":"x","regDate":"d"}]}
            """)])
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await network(server, Page.self).request(.completedInterviews(page: 1, size: 20), accessToken: "tok")
        }
        #expect(error == .decoding(Detail(.detailJSONWrongType, ["path": .data("items[0].termNo"), "type": .data("an integer")])))
        #expect(server.requests.first?.target == "/v1/interviews?status=completed&page=1&size=20")
    }

    @Test func conditionalRequestGets304AsNoValue() async throws {
        let server = try LoopbackServer(routes: ["/v1/analysis/report": { request, connection in
            if request.header("If-None-Match") == "\"r1\"" {
                connection.respond(status: 304, headers: [("ETag", "\"r1\"")], body: [])
            } else {
                connection.respond(status: 200, headers: [("ETag", "\"r1\"")], body: #"{"termNo":1,"companyName":"c","regDate":"d"}"#)
            }
            return .keepAlive
        }])
        defer { server.stop() }
        let network = try network(server, Interview.self)

        let first = try await network.response(.analysisReport(termNo), accessToken: "tok")
        let second = try await network.response(.analysisReport(termNo), accessToken: "tok",
                                                ifNoneMatch: first.headers["etag"])

        #expect(first.value?.termNo == 1)
        #expect(second.isNotModified)
        #expect(second.value == nil)
        #expect(server.requests.last?.target == "/v1/analysis/report?termNo=1001")
    }

    @Test func transportFailureIsWrapped() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let network = Network<Interview>(transport: try makeTransport(), baseURL: try BaseURL("http://127.0.0.1:\(port)"),
                                              retryPolicy: .never)
        let error = await #expect(throws: NetworkError.self) {
            try await network.request(.me, accessToken: "tok")
        }
        guard case .transport(let transportError) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(transportError.kind == .connect)
    }

    @Test func basePathPrefixIsKept() async throws {
        let server = try LoopbackServer(routes: ["/api/v1/me": LoopbackServer.json(200, #"{"termNo":1,"companyName":"c","regDate":"d"}"#)])
        defer { server.stop() }
        let network = Network<Interview>(transport: try makeTransport(), baseURL: try BaseURL(server.baseURL + "/api/"))
        _ = try await network.request(.me, accessToken: nil)
        #expect(server.requests.first?.target == "/api/v1/me")
    }
}
