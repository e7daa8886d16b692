@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

@Suite("CurlTransport against a loopback server")
struct TransportTests {
    @Test func returnsStatusHeadersAndBody() async throws {
        let server = try LoopbackServer(routes: [
            "/hello": LoopbackServer.json(200, #"{"greeting":"안녕"}"#, headers: [("ETag", "\"v1\"")]),
        ])
        defer { server.stop() }
        let transport = try makeTransport()

        let response = try await transport.perform(HTTPRequest(url: server.baseURL + "/hello?x=1"))

        #expect(response.status == 200)
        #expect(response.text == #"{"greeting":"안녕"}"#)
        #expect(response.headers["etag"] == "\"v1\"")
        #expect(response.headers["CONTENT-TYPE"] == "application/json")
        #expect(response.httpVersion == "1.1")
        #expect(response.totalTime > .zero)
        #expect(server.requests.first?.target == "/hello?x=1")
    }

    /// Field names are found in any letter case, and only letters fold: `@` (0x40) and `` ` ``
    /// (0x60), or `[` and `{`, differ by the same bit as `A` and `a` and are different names.
    @Test func headerNamesMatchInAnyLetterCaseAndOnlyLettersFold() {
        let headers: HTTPHeaders = ["X-Trace@Id": "1", "Cache-Control": "max-age=60", "x-[a]": "2", "Age": "3"]
        #expect(headers["x-trace@id"] == "1")
        #expect(headers["X-TRACE@ID"] == "1")
        #expect(headers["x-trace`id"] == nil)
        #expect(headers["x-{a]"] == nil)
        #expect(headers["X-[A]"] == "2")
        #expect(headers.values(for: "cache-CONTROL") == ["max-age=60"])
        #expect(headers["Ag"] == nil)
        #expect(headers["Agé"] == nil)
    }

    @Test func non2xxIsAResponseNotAnError() async throws {
        let server = try LoopbackServer(routes: ["/gone": LoopbackServer.json(404, #"{"error":{}}"#)])
        defer { server.stop() }
        let response = try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/gone"))
        #expect(response.status == 404)
    }

    @Test func sendsUserAgentWithClientAndLibcurlVersions() async throws {
        let server = try LoopbackServer(routes: ["/ua": LoopbackServer.json(200, "{}")])
        defer { server.stop() }
        _ = try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/ua"))

        let userAgent = try #require(server.requests.first?.header("User-Agent"))
        #expect(userAgent == "report/9.9.9-test libcurl/\(CurlGlobal.version)")
        #expect(userAgent.wholeMatch(of: /report\/9\.9\.9-test libcurl\/\d+\.\d+\.\d+/) != nil)
        #expect(server.requests.first?.header("Accept-Encoding")?.contains("gzip") == true)
    }

    @Test func postsTheBodyWithItsHeaders() async throws {
        let server = try LoopbackServer(routes: ["/token": LoopbackServer.json(200, "{}")])
        defer { server.stop() }
        let body = #"{"grantType":"refresh_token"}"#
        _ = try await makeTransport().perform(HTTPRequest(
            method: .post, url: server.baseURL + "/token",
            headers: ["Content-Type": "application/json"], body: Data(body.utf8)))

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(String(decoding: request.body, as: UTF8.self) == body)
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Expect") == nil)
    }

    @Test func refusedConnectionIsAConnectError() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(url: "http://127.0.0.1:\(port)/"))
        }
        #expect(error?.kind == .connect)
        #expect(error?.detail.contains("\(port)") == true)
        // Said by the CURLcode and the socket's errno, with the host and port the request named.
        #expect(error.flatMap(Self.condition) == Detail(.detailNetRefused, ["host": .data("127.0.0.1"), "port": .data("\(port)")]))
    }

    /// The condition inside a libcurl failure (`detailCurlFailure`), or the reason itself.
    static func condition(_ error: TransportError) -> Detail? {
        guard error.reason.key == .detailCurlFailure else { return error.reason }
        guard case .detail(let inner)? = error.reason.values["reason"] else { return nil }
        return inner
    }

    @Test func unresolvableHostIsADNSError() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(url: "http://report-test.invalid/"))
        }
        #expect(error?.kind == .dns)
        #expect(error.flatMap(Self.condition) == Detail(.detailNetResolve, ["host": .data("report-test.invalid")]))
    }

    @Test func serverThatNeverAnswersTimesOut() async throws {
        let server = try LoopbackServer(routes: ["/silent": { _, connection in
            connection.waitForClientClose()
            return .close
        }])
        defer { server.stop() }
        let transport = try makeTransport { $0.totalTimeout = .milliseconds(400) }
        let start = ContinuousClock.now

        let error = await #expect(throws: TransportError.self) {
            try await transport.perform(HTTPRequest(url: server.baseURL + "/silent"))
        }

        #expect(error?.kind == .timeout)
        // The limit the request was given, not what libcurl's clock read.
        #expect(error.flatMap(Self.condition) == Detail(.detailNetTimeout, ["milliseconds": .data("400")]))
        // Far below the defaults (30 s total, 15 s stall) it replaces, with room for a machine
        // busy with other suites (4.2 s was seen at a load of 14 on 2 cores): a bound, not a timing.
        #expect(elapsed(since: start) < .seconds(10))
    }

    @Test func perRequestTimeoutCapsTheTotalTimeout() async throws {
        let server = try LoopbackServer(routes: ["/silent": { _, connection in
            connection.waitForClientClose()
            return .close
        }])
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/silent", timeout: .milliseconds(300)))
        }
        #expect(error?.kind == .timeout)
        // Far below the defaults (30 s total, 15 s stall) it replaces, with room for a machine
        // busy with other suites (4.2 s was seen at a load of 14 on 2 cores): a bound, not a timing.
        #expect(elapsed(since: start) < .seconds(10))
    }

    @Test func bodyThatStallsTimesOut() async throws {
        let server = try LoopbackServer(routes: ["/stall": { _, connection in
            connection.send("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n0123456789")
            connection.waitForClientClose()
            return .close
        }])
        defer { server.stop() }
        let transport = try makeTransport {
            $0.stallTimeout = .seconds(1)
            $0.totalTimeout = .seconds(20)
        }
        let start = ContinuousClock.now

        let error = await #expect(throws: TransportError.self) {
            try await transport.perform(HTTPRequest(url: server.baseURL + "/stall"))
        }

        #expect(error?.kind == .timeout)
        #expect(error?.reason == Detail(.detailTransferStalled, ["milliseconds": .data("1000")]))
        #expect(elapsed(since: start) < .seconds(5))
    }

    @Test func announcedContentLengthOverTheLimitIsTooLarge() async throws {
        let server = try LoopbackServer(routes: ["/big": { _, connection in
            connection.respond(status: 200, body: [UInt8](repeating: 0x61, count: 4096))
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport { $0.maxResponseBytes = 1024 }.perform(HTTPRequest(url: server.baseURL + "/big"))
        }
        #expect(error?.kind == .tooLarge(limit: 1024))
        #expect(error?.reason == Detail(.detailResponseTooLarge, ["limit": .data("1024")]))
    }

    @Test func chunkedBodyOverTheLimitIsTooLarge() async throws {
        let server = try LoopbackServer(routes: ["/chunked": { _, connection in
            connection.send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            for _ in 0..<8 { connection.send("200\r\n" + String(repeating: "b", count: 512) + "\r\n") }
            connection.send("0\r\n\r\n")
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport { $0.maxResponseBytes = 1024 }.perform(HTTPRequest(url: server.baseURL + "/chunked"))
        }
        #expect(error?.kind == .tooLarge(limit: 1024))
    }

    @Test func bodyAtTheLimitIsAccepted() async throws {
        let server = try LoopbackServer(routes: ["/exact": { _, connection in
            connection.respond(status: 200, body: [UInt8](repeating: 0x61, count: 1024))
            return .keepAlive
        }])
        defer { server.stop() }
        let response = try await makeTransport { $0.maxResponseBytes = 1024 }
            .perform(HTTPRequest(url: server.baseURL + "/exact"))
        #expect(response.body.count == 1024)
    }

    @Test func gzipBodyIsDecoded() async throws {
        let original = Array(#"{"keyword":["협업","리더십"]}"#.utf8)
        let server = try LoopbackServer(routes: ["/gzip": { _, connection in
            connection.respond(status: 200, headers: [("Content-Encoding", "gzip")], body: Gzip.stored(original))
            return .keepAlive
        }])
        defer { server.stop() }
        let response = try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/gzip"))
        #expect(Array(response.body) == original)
    }

    @Test func gzipBombIsCaughtOnDecodedBytes() async throws {
        let bomb = Gzip.bomb(matches: 4096)  // about 6.7 KB on the wire, 1 MB decoded
        #expect(bomb.count < 16 * 1024)
        let server = try LoopbackServer(routes: ["/bomb": { _, connection in
            connection.respond(status: 200, headers: [("Content-Encoding", "gzip")], body: bomb)
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport { $0.maxResponseBytes = 64 * 1024 }.perform(HTTPRequest(url: server.baseURL + "/bomb"))
        }
        #expect(error?.kind == .tooLarge(limit: 64 * 1024))
    }

    @Test func gzipBombBuilderInflatesCorrectlyUnderAHighLimit() async throws {
        let server = try LoopbackServer(routes: ["/bomb": { _, connection in
            connection.respond(status: 200, headers: [("Content-Encoding", "gzip")], body: Gzip.bomb(matches: 100))
            return .keepAlive
        }])
        defer { server.stop() }
        let response = try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/bomb"))
        #expect(response.body.count == 1 + 258 * 100)
        #expect(response.body.allSatisfy { $0 == 0x61 })
    }

    @Test func bodyShorterThanContentLengthIsInterrupted() async throws {
        let server = try LoopbackServer(routes: ["/short": { _, connection in
            connection.send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + String(repeating: "x", count: 50))
            return .close
        }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/short"))
        }
        #expect(error?.kind == .interrupted)
    }

    @Test func connectionResetMidBodyIsInterrupted() async throws {
        let server = try LoopbackServer(routes: ["/reset": { _, connection in
            connection.send("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + String(repeating: "x", count: 500))
            usleep(50_000)
            connection.reset()
            return .close
        }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/reset"))
        }
        #expect(error?.kind == .interrupted)
    }

    @Test func emptyReplyIsInterrupted() async throws {
        let server = try LoopbackServer(routes: ["/nothing": { _, _ in .close }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(url: server.baseURL + "/nothing"))
        }
        #expect(error?.kind == .interrupted)
    }

    @Test func cancellationEndsTheRequestPromptlyAndTheTransportKeepsWorking() async throws {
        let server = try LoopbackServer(routes: [
            "/slow": { _, connection in
                connection.waitForClientClose()
                return .close
            },
            "/fast": LoopbackServer.json(200, #"{"ok":true}"#),
        ])
        defer { server.stop() }
        let transport = try makeTransport { $0.totalTimeout = .seconds(60) }
        let task = Task { try await transport.perform(HTTPRequest(url: server.baseURL + "/slow")) }
        while server.requests(to: "/slow").isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        let start = ContinuousClock.now

        task.cancel()
        let result = await task.result

        // Far below the 60 s limit the request would otherwise run to, with room for a loaded
        // machine: cancellation, not the timeout, ended it.
        #expect(elapsed(since: start) < .seconds(10))
        #expect(throws: TransportError.cancelled) { try result.get() }
        let next = try await transport.perform(HTTPRequest(url: server.baseURL + "/fast"))
        #expect(next.status == 200)
    }

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        let server = try LoopbackServer(routes: ["/fast": LoopbackServer.json(200, "{}")])
        defer { server.stop() }
        let transport = try makeTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.perform(HTTPRequest(url: server.baseURL + "/fast"))
        }
        await #expect(throws: TransportError.cancelled) { try await task.value }
        #expect(server.requests.isEmpty)
    }

    @Test func concurrentRequestsShareKeptAliveConnections() async throws {
        let server = try LoopbackServer(routes: ["/item": { request, connection in
            usleep(2_000)
            connection.respond(status: 200, body: #"{"target":"\#(request.target)"}"#)
            return .keepAlive
        }])
        defer { server.stop() }
        let transport = try makeTransport { $0.maxHostConnections = 4 }

        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<50 {
                group.addTask { try await transport.perform(HTTPRequest(url: server.baseURL + "/item?n=\(index)")).text }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }

        #expect(bodies.count == 50)
        #expect(server.acceptedConnections <= 4)
        #expect(server.requests.count == 50)
    }

    /// Over HTTP/1.1 a connection takes one request at a time. Requests sent at once (as one fetch
    /// sends its interview and report requests) each go out on a connection of their own: the
    /// server holds the first response until the second request arrives. Before, the second
    /// waited for the first connection (CURLOPT_PIPEWAIT, in case it multiplexed), learnt only from
    /// the first response that it did not, and went out after it on the same connection.
    @Test(arguments: [2, 3])
    func requestsAtOnceOverHTTP1GoOutOnConnectionsOfTheirOwn(count: Int) async throws {
        let arrivals = Arrivals()
        let server = try LoopbackServer(routes: [
            "/part": LoopbackServer.held(until: count, arrivals: arrivals, then: LoopbackServer.json(200, "{}")),
        ])
        defer { server.stop() }
        let transport = try makeTransport {
            $0.totalTimeout = .seconds(20)
            $0.stallTimeout = .seconds(20)
        }

        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask { try await transport.perform(HTTPRequest(url: server.baseURL + "/part?n=\(index)")).status }
            }
            for try await status in group { #expect(status == 200) }
        }

        #expect(Set(server.requests.map(\.connection)).count == count,
                "connections of the requests: \(server.requests.map(\.connection))")
    }

    @Test func originIsSchemeHostAndPortLowercased() {
        #expect(CurlTransfer.origin(of: "HTTPS://Example.com:8443/v1/x?y=1") == "https://example.com:8443")
        #expect(CurlTransfer.origin(of: "http://127.0.0.1:9?x=/") == "http://127.0.0.1:9")
        #expect(CurlTransfer.origin(of: "https://example.com") == "https://example.com")
    }

    /// Over http:// no transfer waits for another's connection; over https:// the first three to
    /// an origin (one fetch's requests) do not either, later ones do (HTTP/2 may multiplex them).
    @Test func onlyLaterHTTPSTransfersWaitForAConnectionThatMayMultiplex() {
        #expect(!CurlEngine.pipeWait(mayMultiplex: false, earlierTransfers: 0))
        #expect(!CurlEngine.pipeWait(mayMultiplex: false, earlierTransfers: 50))
        #expect(!CurlEngine.pipeWait(mayMultiplex: true, earlierTransfers: 0))
        #expect(!CurlEngine.pipeWait(mayMultiplex: true, earlierTransfers: 2))
        #expect(CurlEngine.pipeWait(mayMultiplex: true, earlierTransfers: 3))
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        let server = try LoopbackServer(routes: ["/item": LoopbackServer.json(200, "{}")])
        defer { server.stop() }
        let transport = try makeTransport()
        for _ in 0..<5 {
            _ = try await transport.perform(HTTPRequest(url: server.baseURL + "/item"))
        }
        #expect(server.acceptedConnections == 1)
    }

    /// A GET as libcurl follows its redirects, and (`hopByHop`) as the transport follows them one
    /// hop at a time for a request with an origin-only header (`report api -H`).
    private func get(_ url: String, headers: HTTPHeaders = [:], hopByHop: Bool) -> HTTPRequest {
        var request = HTTPRequest(url: url, headers: headers)
        if hopByHop {
            request.headers.add("X-Api-Key", "key-1")
            request.originOnlyHeaders = ["x-api-key"]
        }
        return request
    }

    @Test(arguments: [false, true])
    func authorizationIsNotForwardedToAnotherOrigin(hopByHop: Bool) async throws {
        let other = try LoopbackServer(routes: ["/landing": LoopbackServer.json(200, #"{"landed":true}"#)])
        defer { other.stop() }
        let server = try LoopbackServer(routes: ["/moved": { _, connection in
            connection.respond(status: 302, headers: [("Location", other.baseURL + "/landing")], body: [])
            return .keepAlive
        }])
        defer { server.stop() }

        let response = try await makeTransport().perform(get(
            server.baseURL + "/moved", headers: ["Authorization": "Bearer secret-token", "Accept": "application/json"],
            hopByHop: hopByHop))

        #expect(response.status == 200)
        #expect(response.redirectCount == 1)
        #expect(response.url == other.baseURL + "/landing")
        #expect(server.requests.first?.header("Authorization") == "Bearer secret-token")
        let landed = try #require(other.requests.first)
        #expect(landed.header("Authorization") == nil)
        #expect(landed.header("X-Api-Key") == nil)
        #expect(landed.header("Accept") == "application/json", "the request's other headers go on")
    }

    @Test(arguments: [false, true])
    func authorizationFollowsARedirectOnTheSameOrigin(hopByHop: Bool) async throws {
        let server = try LoopbackServer(routes: [
            "/old": { _, connection in
                connection.respond(status: 301, headers: [("Location", "/new")], body: [])
                return .keepAlive
            },
            "/new": LoopbackServer.json(200, "{}", headers: [("X-Last", "yes")]),
        ])
        defer { server.stop() }
        let response = try await makeTransport().perform(get(
            server.baseURL + "/old", headers: ["Authorization": "Bearer secret-token"], hopByHop: hopByHop))
        #expect(server.requests(to: "/new").first?.header("Authorization") == "Bearer secret-token")
        #expect(response.headers["X-Last"] == "yes")
        #expect(response.headers["Location"] == nil)
        #expect(response.redirectCount == 1)
        if hopByHop { #expect(server.requests(to: "/new").first?.header("X-Api-Key") == "key-1") }
    }

    @Test(arguments: [false, true])
    func redirectLoopIsTooManyRedirects(hopByHop: Bool) async throws {
        let server = try LoopbackServer(routes: ["/loop": { _, connection in
            connection.respond(status: 302, headers: [("Location", "/loop")], body: [])
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(get(server.baseURL + "/loop", hopByHop: hopByHop))
        }
        #expect(error?.kind == .tooManyRedirects)
        #expect(error?.reason.key == .detailTooManyRedirects)
        #expect(server.requests.count == 6)
    }

    @Test(arguments: [false, true])
    func redirectToAnotherProtocolIsRefused(hopByHop: Bool) async throws {
        let server = try LoopbackServer(routes: ["/ftp": { _, connection in
            connection.respond(status: 302, headers: [("Location", "ftp://127.0.0.1/file")], body: [])
            return .keepAlive
        }])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(get(server.baseURL + "/ftp", hopByHop: hopByHop))
        }
        #expect(error?.kind == .insecureRedirect)
        // By the redirect's status before libcurl's refusal, never by its text (HTTP/0.9 has the same code).
        #expect(error?.reason.key == .detailInsecureRedirect)
    }

    @Test func hopByHopRedirectsNeverDowngradeAndKnowOrigins() {
        #expect(!CurlTransport.allowsRedirect(from: "https://service.example/v1/me", to: "http://service.example/v1/me"))
        #expect(!CurlTransport.allowsRedirect(from: "HTTPS://service.example/", to: "http://elsewhere/"))
        #expect(CurlTransport.allowsRedirect(from: "https://service.example/", to: "https://elsewhere/"))
        #expect(CurlTransport.allowsRedirect(from: "http://127.0.0.1:8080/", to: "https://elsewhere/"))
        #expect(CurlTransport.allowsRedirect(from: "http://127.0.0.1:8080/", to: "http://127.0.0.1:9090/"))
        #expect(!CurlTransport.allowsRedirect(from: "http://127.0.0.1:8080/", to: "file:///etc/passwd"))
        #expect(CurlTransport.origin(of: "HTTPS://User:pw@Service.Example:443/v1?x=1") == "https://service.example")
        #expect(CurlTransport.origin(of: "http://127.0.0.1:80/") == "http://127.0.0.1")
        #expect(CurlTransport.origin(of: "http://127.0.0.1:8080/") != CurlTransport.origin(of: "http://127.0.0.1:8081/"))
        #expect(CurlTransport.origin(of: "http://[::1]:8080/a") == "http://[::1]:8080")
        #expect(CurlTransport.origin(of: "/relative") == nil)
        // The host and port a failure names.
        #expect(CurlTransfer.hostAndPort(of: "https://Service.Example/v1") == ("service.example", "443"))
        #expect(CurlTransfer.hostAndPort(of: "http://127.0.0.1:8080/a?b") == ("127.0.0.1", "8080"))
        #expect(CurlTransfer.hostAndPort(of: "http://[::1]:9/") == ("::1", "9"))
        #expect(CurlTransfer.hostAndPort(of: "http://[::1]/") == ("::1", "80"))
    }

    @Test func headerWithALineBreakIsRefusedBeforeSending() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(
                url: "http://127.0.0.1:9/", headers: ["Authorization": "Bearer abc\r\nX-Evil: 1"]))
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.detail.contains("abc") == false)
        #expect(error?.reason == Detail(.detailBadHeader, ["name": .data("Authorization")]))
    }
}

@Suite("CurlTransport TLS")
struct TransportTLSTests {
    @Test func httpsToAPlainHTTPServerIsATLSError() async throws {
        let server = try LoopbackServer(routes: ["/": LoopbackServer.json(200, "{}")])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport().perform(HTTPRequest(url: "https://127.0.0.1:\(server.port)/"))
        }
        #expect(error?.kind == .tls)
        #expect(error.flatMap(TransportTests.condition)
                == Detail(.detailNetTLSHandshake, ["host": .data("127.0.0.1"), "port": .data("\(server.port)")]))
    }

    @Test func missingCAFileIsATLSError() async throws {
        let server = try LoopbackServer(routes: ["/": LoopbackServer.json(200, "{}")])
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await makeTransport { $0.caFile = "/nonexistent/ca.pem" }
                .perform(HTTPRequest(url: "https://127.0.0.1:\(server.port)/"))
        }
        #expect(error?.kind == .tls)
        #expect(error.flatMap(TransportTests.condition) == Detail(.detailNetCAFile))
    }
}
