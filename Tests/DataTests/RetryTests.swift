@testable import Data
import Domain
import Foundation
import TestSupport
import Synchronization
import Terminal
import Testing

@Suite("Retries and the request log")
struct RetryTests {
    struct Me: Decodable, ResponseBody, Equatable {
        let memIdx: Int
    }

    private let ok = (status: 200, headers: [(String, String)](), body: #"{"memIdx":42}"#)

    private func error(_ status: Int, _ code: String, headers: [(String, String)] = []) -> (status: Int, headers: [(String, String)], body: String) {
        (status, headers, #"{"error":{"code":"\#(code)","message":"m"}}"#)
    }

    private func network(_ server: LoopbackServer, _ time: VirtualTime, log: LogRecorder? = nil,
                         deadline: Duration? = nil) throws -> Network<Me> {
        Network(transport: try makeTransport(), baseURL: try BaseURL(server.baseURL),
                retryPolicy: time.policy(deadline: deadline), log: log?.hook)
    }

    @Test func recoversAfter503WithRetryAfterSeconds() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(503, "maintenance", headers: [("Retry-After", "2")]), ok])])
        defer { server.stop() }
        let time = VirtualTime()

        let me = try await network(server, time).request(.me, accessToken: "t")

        #expect(me == Me(memIdx: 42))
        #expect(time.sleeps == [.seconds(2)])
        #expect(server.requests.count == 2)
    }

    @Test func waitsUntilA429sHTTPDate() async throws {
        let time = VirtualTime()
        let until = HTTPDate(secondsSince1970: Int64(time.now.timeIntervalSince1970) + 7).imfFixdate
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(429, "rate_limited", headers: [("Retry-After", until)]), ok])])
        defer { server.stop() }

        _ = try await network(server, time).request(.me, accessToken: "t")

        #expect(time.sleeps == [.seconds(7)])
    }

    @Test func givesUpAfterThreeRetriesWithTheLastError() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(500, "internal")])])
        defer { server.stop() }
        let time = VirtualTime()

        let failure = await #expect(throws: NetworkError.self) {
            try await network(server, time).request(.me, accessToken: "t")
        }

        #expect(failure == .http(status: 500, code: "internal", message: "m", retryAfter: nil))
        #expect(server.requests.count == 4)
        // Full jitter with random 0.5: half of 200, 400, 800 ms.
        #expect(time.sleeps == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
    }

    @Test(arguments: [400, 401, 403, 404, 409, 422, 501])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(status, "x"), ok])])
        defer { server.stop() }
        let time = VirtualTime()
        await #expect(throws: NetworkError.self) { try await network(server, time).request(.me, accessToken: "t") }
        #expect(server.requests.count == 1)
        #expect(time.sleeps.isEmpty)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func transientStatusesAreRetried(status: Int) async throws {
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(status, "x"), ok])])
        defer { server.stop() }
        let time = VirtualTime()
        _ = try await network(server, time).request(.me, accessToken: "t")
        #expect(server.requests.count == 2)
    }

    @Test func postIsNeverRetried() async throws {
        let server = try LoopbackServer(routes: ["/v1/auth/token": sequence([error(503, "maintenance", headers: [("Retry-After", "1")]), ok])])
        defer { server.stop() }
        let time = VirtualTime()
        let failure = await #expect(throws: NetworkError.self) {
            try await network(server, time).request(.refreshToken("r"), accessToken: nil)
        }
        #expect(failure.map { if case .http(503, _, _, _) = $0 { true } else { false } } == true)
        #expect(server.requests.count == 1)
    }

    @Test func connectFailureIsRetriedThenReported() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let time = VirtualTime()
        let network = Network<Me>(transport: try makeTransport(), baseURL: try BaseURL("http://127.0.0.1:\(port)"),
                                  retryPolicy: time.policy())
        let failure = await #expect(throws: NetworkError.self) { try await network.request(.me, accessToken: "t") }
        #expect(failure.map { if case .transport(let error) = $0 { error.kind == .connect } else { false } } == true)
        #expect(time.sleeps.count == 3)
    }

    @Test func brokenBodyIsRetried() async throws {
        let calls = LockedCounter()
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            if calls.next() == 0 {
                connection.send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"memIdx\"")
                return .close
            }
            connection.respond(status: 200, body: #"{"memIdx":42}"#)
            return .keepAlive
        }])
        defer { server.stop() }
        let me = try await network(server, VirtualTime()).request(.me, accessToken: "t")
        #expect(me.memIdx == 42)
        #expect(server.requests.count == 2)
    }

    @Test func retryAfterBeyondTheCapIsNotWaitedFor() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(503, "maintenance", headers: [("Retry-After", "3600")]), ok])])
        defer { server.stop() }
        let time = VirtualTime()
        let failure = await #expect(throws: NetworkError.self) { try await network(server, time).request(.me, accessToken: "t") }
        #expect(failure == .http(status: 503, code: "maintenance", message: "m", retryAfter: .seconds(3600)))
        #expect(time.sleeps.isEmpty)
        #expect(failure?.toDomain(now: time.now) == .unavailable(ServiceOutage(
            message: "m", until: "2027-01-15T09:00:00Z", isMaintenance: true)))
    }

    @Test func deadlineStopsTheRetries() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(500, "internal")])])
        defer { server.stop() }
        let time = VirtualTime()
        // Waits of 100 and 200 ms fit in 500 ms; the third (400 ms) would not.
        await #expect(throws: NetworkError.self) {
            try await network(server, time, deadline: .milliseconds(500)).request(.me, accessToken: "t")
        }
        #expect(time.sleeps == [.milliseconds(100), .milliseconds(200)])
        #expect(server.requests.count == 3)
    }

    /// An attempt that timed out when the time limit leaves no room for the retry it would get: the
    /// limit ends the request, and the failure says so (the command's line names --max-time), not
    /// the attempt's own timeout. The clock is virtual: the jitter decides, never the machine's load.
    @Test func aTimeoutTheDeadlineLeavesNoRoomToRetryIsTheDeadlines() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.waitForClientClose()
            return .close
        }])
        defer { server.stop() }
        let time = VirtualTime()
        // The first retry would wait 200 ms (jitter 1); the limit is 150 ms, of which none has passed
        // on the virtual clock when the attempt (cut to the 150 ms left) times out.
        let network = Network<Me>(transport: try makeTransport(), baseURL: try BaseURL(server.baseURL),
                                  retryPolicy: time.policy(random: 1, deadline: .milliseconds(150)))
        let failure = await #expect(throws: NetworkError.self) { try await network.request(.me, accessToken: "t") }
        #expect(failure == .transport(Deadline(limit: .milliseconds(150), startingAt: .now).expired))
        #expect(server.requests.count == 1)
        #expect(time.sleeps.isEmpty)
    }

    @Test func deadlineBoundsAHungAttempt() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.waitForClientClose()
            return .close
        }])
        defer { server.stop() }
        let start = ContinuousClock.now
        let network = Network<Me>(transport: try makeTransport(), baseURL: try BaseURL(server.baseURL),
                                  retryPolicy: RetryPolicy(maxRetries: 3, deadline: .milliseconds(400)))
        let failure = await #expect(throws: NetworkError.self) { try await network.request(.me, accessToken: "t") }
        #expect(failure.map { if case .transport(let error) = $0 { error.kind == .timeout } else { false } } == true)
        // Far below the defaults (30 s total, 15 s stall) it replaces, with room for a machine
        // busy with other suites (4.2 s was seen at a load of 14 on 2 cores): a bound, not a timing.
        #expect(elapsed(since: start) < .seconds(10))
        #expect(server.requests.count == 1)
    }

    @Test func cancellationDuringTheBackoffStopsAtOnce() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": sequence([error(503, "x", headers: [("Retry-After", "20")])])])
        defer { server.stop() }
        let network = Network<Me>(transport: try makeTransport(), baseURL: try BaseURL(server.baseURL))
        let task = Task { try await network.request(.me, accessToken: "t") }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(elapsed(since: start) < .milliseconds(500))
        #expect(throws: NetworkError.transport(.cancelled)) { try result.get() }
    }

    @Test func logLinesCarryNoSecrets() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/me": sequence([
                error(503, "x", headers: [("Retry-After", "1"), ("Set-Cookie", "session=cookie-secret")]),
                (200, [("X-Access-Token", "header-secret")], #"{"memIdx":42}"#),
            ]),
            "/v1/auth/token": LoopbackServer.json(200, #"{"accessToken":"new-access-secret","refreshToken":"new-refresh-secret"}"#),
        ])
        defer { server.stop() }
        let time = VirtualTime()
        let log = LogRecorder()
        struct Token: Decodable, ResponseBody { let accessToken: String }

        _ = try await network(server, time, log: log).request(.me, accessToken: "access-secret")
        _ = try await Network<Token>(transport: try makeTransport(), baseURL: try BaseURL(server.baseURL),
                                     retryPolicy: time.policy(), log: log.hook)
            .request(.refreshToken("refresh-secret"), accessToken: nil)

        let lines = log.lines
        for secret in ["access-secret", "refresh-secret", "cookie-secret", "header-secret"] {
            #expect(!lines.contains { $0.contains(secret) }, "\(secret) leaked")
        }
        // One entry a request, response, failure or decision; a header a line, as curl -v: `> ` sent, `< ` received.
        #expect(lines.count == 7)
        let entries = lines.map { $0.split(separator: "\n").map(String.init) }
        #expect(entries[0][0] == "→ GET \(server.baseURL)/v1/me (attempt 1)")
        #expect(entries[0][1...].contains("> Accept: application/json"))
        #expect(entries[0][1...].contains("> Authorization: [REDACTED]"))
        #expect(entries[0][1...].contains { $0.hasPrefix("> User-Agent: report/9.9.9-test libcurl/") })
        #expect(entries[1][0].hasPrefix("← 503 GET \(server.baseURL)/v1/me in "))
        #expect(entries[1].contains("< Set-Cookie: [REDACTED]"))
        #expect(entries[1].contains("< Retry-After: 1"))
        #expect(entries[2] == ["retry 1 of 3 in 1 s after HTTP 503 x"])
        #expect(entries[3][0] == "→ GET \(server.baseURL)/v1/me (attempt 2)")
        #expect(entries[4][0].hasPrefix("← 200 GET") && entries[4].contains("< X-Access-Token: [REDACTED]"))
        #expect(entries[5].last == #"body: {"grantType":"refresh_token","refreshToken":"[REDACTED]"}"#)
        #expect(entries.allSatisfy { entry in entry.dropFirst().allSatisfy { $0.hasPrefix("> ") || $0.hasPrefix("< ") || $0.hasPrefix("body: ") } })
        #expect(lines.allSatisfy { !$0.contains("\r") })
    }

    /// A header's value may hold `;` (`Content-Type: application/json; charset=utf-8`): one header
    /// a line, never joined with `;`, so that where one ends is never in doubt.
    @Test func aHeaderValueWithASemicolonIsAHeaderOfItsOwn() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/me": { _, connection in
                connection.respond(status: 200, headers: [("Content-Type", "application/json; charset=utf-8"), ("Link", "<a>; rel=next")],
                                   body: #"{"memIdx":1,"name":"x"}"#)
                return .keepAlive
            },
        ])
        defer { server.stop() }
        let log = LogRecorder()
        _ = try await network(server, VirtualTime(), log: log).request(.me, accessToken: "x")
        let response = try #require(log.lines.first { $0.hasPrefix("← 200") }).split(separator: "\n").map(String.init)
        #expect(response.contains("< Content-Type: application/json; charset=utf-8"))
        #expect(response.contains("< Link: <a>; rel=next"))
    }

    @Test func decisionTable() {
        let policy = VirtualTime().policy()
        func decide(_ error: NetworkError, _ method: HTTPMethod = .get, retries: Int = 0) -> RetryPolicy.Decision {
            policy.decision(after: error, method: method, retriesSoFar: retries)
        }
        let transport = { (kind: TransportError.Kind) in NetworkError.transport(TransportError(kind: kind, reason: Detail(.networkTransfer), detail: "d")) }
        #expect(decide(transport(.connect)) == .retry(after: .milliseconds(100)))
        #expect(decide(transport(.timeout)) == .retry(after: .milliseconds(100)))
        #expect(decide(transport(.interrupted), retries: 2) == .retry(after: .milliseconds(400)))
        #expect(decide(transport(.dns)) == .giveUp(reason: "not retried: dns: d"))
        #expect(decide(transport(.tls)) == .giveUp(reason: "not retried: tls: d"))
        #expect(decide(transport(.tooLarge(limit: 1))) == .giveUp(reason: "not retried: too large: d"))
        #expect(decide(transport(.connect), .post) == .giveUp(reason: "POST is never retried"))
        #expect(decide(transport(.connect), retries: 3) == .giveUp(reason: "giving up after 3 retries: connect: d"))
        #expect(decide(.decoding(Detail(.detailJSONNotJSON))) == .giveUp(reason: "not retried: unreadable response"))
    }

    @Test func backoffIsCappedAndJittered() {
        var policy = VirtualTime().policy(random: 0.999_999)
        #expect(policy.backoff(0) < .milliseconds(200))
        #expect(policy.backoff(10) <= .seconds(5))
        #expect(policy.backoff(10) > .milliseconds(4999))
        policy.random = { 0 }
        #expect(policy.backoff(5) == .zero)
    }

    @Test func redactsTokenFieldsInJSON() {
        #expect(Redactor.json(#"{"accessToken": "a\"b", "expiresIn":3600,"refreshToken":"c","name":"token"}"#)
            == #"{"accessToken": "[REDACTED]", "expiresIn":3600,"refreshToken":"[REDACTED]","name":"token"}"#)
        #expect(Redactor.json(#"{"nested":{"password":"p"},"list":["refreshToken","x"]}"#)
            == #"{"nested":{"password":"[REDACTED]"},"list":["refreshToken","x"]}"#)
    }

    @Test func redactsKeysWrittenWithEscapes() {
        #expect(Redactor.json(#"{"refresh\u0054oken": "rt-1", "\u0070assword":"p", "a\"b": "keep"}"#)
            == #"{"refresh\u0054oken": "[REDACTED]", "\u0070assword":"[REDACTED]", "a\"b": "keep"}"#)
        #expect(Redactor.json(#"{"api\u005Fkey":"k"}"#) == #"{"api\u005Fkey":"[REDACTED]"}"#)
    }

    @Test func redactsValuesThatAreNotStrings() {
        #expect(Redactor.json(#"{"password": 123456, "n": 1}"#) == #"{"password": "[REDACTED]", "n": 1}"#)
        #expect(Redactor.json(#"{"token":{"value":"s","exp":1},"keep":true}"#) == #"{"token":"[REDACTED]","keep":true}"#)
        #expect(Redactor.json(#"{"secret":["a","b]",{"c":"}"}],"keep":[1]}"#) == #"{"secret":"[REDACTED]","keep":[1]}"#)
        #expect(Redactor.json(#"{"apiKey":true,"accessToken":null}"#) == #"{"apiKey":"[REDACTED]","accessToken":"[REDACTED]"}"#)
        #expect(Redactor.json(#"{"password":"#) == #"{"password":"#, "a cut body stays cut")
    }
}

/// Counts calls across the server's connection threads.
final class LockedCounter: Sendable {
    private let value = Mutex(0)

    /// The count before this call.
    func next() -> Int {
        value.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}
