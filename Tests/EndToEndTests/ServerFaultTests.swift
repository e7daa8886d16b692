import Foundation
import TestSupport
import Testing

/// `report` as the client of `report-server` with faults on demand: each fault kind from
/// `faults.json`, the admin endpoint and `Prefer`, and what `report fetch` / `report api` then
/// do — the documented exit code, one line on stderr, nothing on stdout — and what the server
/// counted and logged.
@Suite("report against report-server's faults", .timeLimit(.minutes(5)))
struct ServerFaultTests {
    /// `report fetch --term 1001` signed in as member 42, with `arguments` after it.
    func fetch(_ server: FaultyReferenceServer, _ arguments: String...) async throws -> RunResult {
        try await run(Paths.report, ["fetch", "--term", "1001"] + arguments,
                      environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"], timeLimit: .seconds(120))
    }

    func api(_ server: FaultyReferenceServer, _ arguments: String..., stdin: String? = nil) async throws -> RunResult {
        try await run(Paths.report, ["api"] + arguments,
                      environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"], stdin: stdin,
                      timeLimit: .seconds(120))
    }

    /// A failure as every command shows one: the code, nothing on stdout, one `report: ` line.
    func expectFailure(_ result: RunResult, _ status: Int32, saying words: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.timedOut, "report hung", sourceLocation: sourceLocation)
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("report: "), "stderr: \(result.stderr)",
                sourceLocation: sourceLocation)
        if let words {
            #expect(result.stderr.contains(words), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    static func rule(_ kind: String, _ extra: String = "") -> String {
        #"{"rules": [{"name": "\#(kind)", "method": "GET", "path": "/v1/analysis/report", "term": 1001, "kind": "\#(kind)"\#(extra)}]}"#
    }

    @Test func a503WithRetryAfterOnceIsWaitedOutAndRetried() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.rule("status", #", "status": 503, "retryAfter": 1, "times": 1"#))
        defer { server.stop() }
        let result = try await fetch(server)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("사람인"))
        #expect(result.stderr.isEmpty, "recovering is quiet")
        #expect(result.elapsed >= .milliseconds(900), "Retry-After: 1 was waited out")
        let counts = try await server.counts()
        #expect(counts.fired == [1])
        #expect(counts.matched == [2], "the failed attempt and the retry")
    }

    @Test func a503ForeverIsServiceUnavailable() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.rule("status", #", "status": 503, "retryAfter": 1"#))
        defer { server.stop() }
        let result = try await fetch(server, "--retries", "1")
        expectFailure(result, 69)
        #expect(try await server.counts().fired == [2])
    }

    @Test func a500ForeverIsTheServiceFailing() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.rule("status", #", "status": 500"#))
        defer { server.stop() }
        let result = try await fetch(server, "--retries", "1")
        expectFailure(result, 3, saying: "500")
        #expect(try await server.counts().fired == [2])
    }

    @Test func aResetOnceIsRetriedAndForeverIsANetworkFailure() async throws {
        let once = try await FaultyReferenceServer.start(faults: Self.rule("reset", #", "times": 1"#))
        defer { once.stop() }
        let recovered = try await fetch(once)
        #expect(recovered.status == 0, "stderr: \(recovered.stderr)")
        #expect(recovered.stdout.contains("사람인"))
        #expect(try await once.counts().fired == [1])

        let forever = try await FaultyReferenceServer.start(faults: Self.rule("reset"))
        defer { forever.stop() }
        expectFailure(try await fetch(forever), 68)
        // 1 attempt and 3 retries; and libcurl itself sends a request once more, unasked, when a
        // reused keep-alive connection dies before a byte of response (the interview's connection).
        let counts = try await forever.counts().fired
        #expect(counts == [4] || counts == [5], "\(counts)")
    }

    @Test(arguments: ["close", "cut"])
    func aClosedConnectionOrACutBodyIsANetworkFailure(kind: String) async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.rule(kind))
        defer { server.stop() }
        expectFailure(try await fetch(server, "--retries", "1"), 68)
        // Retried once, and (close: a reused connection dying without a byte) once more by libcurl itself.
        let counts = try await server.counts().fired
        #expect(counts == [2] || (kind == "close" && counts == [3]), "\(counts)")
    }

    @Test func aStallAfterTheHeadersTimesOut() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.rule("stall"))
        defer { server.stop() }
        expectFailure(try await fetch(server, "--stall-timeout", "1s", "--retries", "0"), 68)
        #expect(try await server.counts().fired == [1])
    }

    @Test func aDelayBeyondTheTimeoutTimesOut() async throws {
        // The answer would come after 60 s, and the default --timeout is 30 s: a run that ends
        // well before either gave up at --timeout 1s. (The margin is wide because a machine the
        // parallel suites load can take seconds to start a process; stop() does not wait for the
        // answer the server still owes.)
        let server = try await FaultyReferenceServer.start(faults: Self.rule("delay", #", "delay": "60s""#))
        defer { server.stop() }
        let result = try await fetch(server, "--timeout", "1s", "--retries", "0")
        expectFailure(result, 68)
        #expect(result.elapsed < .seconds(25), "gave up at --timeout, not at the default 30 s or when the answer came")
    }

    @Test func aMalformedBodyIsAnInvalidResponseAndNotRetried() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.rule("malformed"))
        defer { server.stop() }
        expectFailure(try await fetch(server), 76)
        #expect(try await server.counts().fired == [1])
    }

    @Test func preferAsksForOneAnswerThroughReportAPI() async throws {
        let server = try await FaultyReferenceServer.start(faults: nil)
        defer { server.stop() }
        expectFailure(try await api(server, "-H", "Prefer: code=503", "--retries", "0", "/v1/me"), 69)
        expectFailure(try await api(server, "-H", "Prefer: code=404", "/v1/me"), 66)
        expectFailure(try await api(server, "-H", "Prefer: fault=reset", "--retries", "0", "/v1/me"), 68)
        let late = try await api(server, "-H", "Prefer: delay=1s", "/v1/me")
        #expect(late.status == 0 && late.stdout.contains(#""memIdx":42"#), "stderr: \(late.stderr)")
        #expect(late.elapsed >= .seconds(1))
        #expect(try await server.listing()["preferFired"] as? Int == 4)
    }

    @Test func rulesAddedAndClearedThroughTheAdminEndpoint() async throws {
        let server = try await FaultyReferenceServer.start(faults: nil)
        defer { server.stop() }
        let added = try await api(server, "-X", "POST", "/_admin/faults", "--input", "-",
                                  stdin: #"{"name": "down", "path": "/v1/analysis/report", "kind": "status", "status": 502}"#)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(added.stdout.contains(#""id":1"#))
        expectFailure(try await fetch(server, "--retries", "0"), 3)
        let bad = try await api(server, "-X", "POST", "/_admin/faults", "--input", "-", stdin: #"{"path": "/v1/me", "kind": "boom"}"#)
        expectFailure(bad, 64, saying: "kind")
        let cleared = try await api(server, "-X", "DELETE", "/_admin/faults")
        #expect(cleared.status == 0, "stderr: \(cleared.stderr)")
        let fetched = try await fetch(server)
        #expect(fetched.status == 0, "stderr: \(fetched.stderr)")
    }

    @Test func everyFaultIsOneLineOfTheServersVerboseLog() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.rule("reset", #", "times": 1"#), verbose: true)
        let result = try await fetch(server)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        _ = try await api(server, "-H", "Prefer: code=429, retry-after=0", "--retries", "0", "/v1/me")
        let log = server.stopAndReadLog()
        let faults = log.split(separator: "\n").filter { $0.hasPrefix("report-server: fault ") }
        #expect(faults == ["report-server: fault rule 1 (reset): GET /v1/analysis/report?termNo=1001: reset",
                           "report-server: fault Prefer: GET /v1/me: status 429 Retry-After 0"], "log: \(log)")
        #expect(!log.contains("demo-access-42"))
    }
}
