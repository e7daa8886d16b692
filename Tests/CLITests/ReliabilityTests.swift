import Foundation
import Synchronization
import TestSupport
import Testing

/// The connection flags, in-process: `report` against loopback servers that fail, stall or never
/// answer (`LoopbackServer`) and against `report-server`. Ctrl-C and SIGTERM, which need a process,
/// are EndToEndTests' ReliabilityProcessTests.
@Suite("reliability and security flags")
struct ReliabilityTests {
    /// Answers the statuses in turn (the last one repeats) with a small JSON body.
    static func statuses(_ statuses: [Int]) -> LoopbackServer.Handler { LoopbackServer.statuses(statuses) }

    /// Accepts the request and never answers.
    static let silent = LoopbackServer.silent

    /// Never answers, and records how long the client waited on each request before it closed the
    /// connection: how long `report` waited for a silent service, seen from the service's side and
    /// so apart from how long the process took to start (seconds, on a machine the parallel
    /// suites load).
    final class SilentService: Sendable {
        private let recorded = Mutex<[Duration]>([])
        var waits: [Duration] { recorded.withLock { $0 } }

        var handler: LoopbackServer.Handler {
            { [self] _, connection in
                let start = ContinuousClock.now
                connection.waitForClientClose()
                recorded.withLock { $0.append(start.duration(to: .now)) }
                return .close
            }
        }
    }

    func api(_ server: LoopbackServer, _ arguments: String..., environment: [String: String] = [:]) async throws -> RunResult {
        await reportInProcess(["api", "/v1/me", "--base-url", server.baseURL] + arguments,
                              environment: ["REPORT_TOKEN": "t0k3n-secret"].merging(environment) { $1 })
    }

    /// `report api /v1/me` against report-server with these fault rules (its faults.json).
    func api(faults: String, _ arguments: String...) async throws -> (RunResult, requests: Int) {
        let server = try await FaultyReferenceServer.start(faults: #"{"rules": [\#(faults)]}"#)
        defer { server.stop() }
        let result = await reportInProcess(["api", "/v1/me", "--base-url", server.baseURL] + arguments,
                                           environment: ["REPORT_TOKEN": "demo-access-42"])
        return (result, try await server.counts().matched.first ?? 0)
    }

    @Test func aFailureThatPassesIsRetriedByDefaultAndNotWithRetriesZero() async throws {
        let fails500Once = #"{"path": "/v1/me", "kind": "status", "status": 500, "times": 1}"#
        let (retried, requests) = try await api(faults: fails500Once)
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout.contains(#""memIdx":42"#))
        #expect(retried.stderr == "")
        #expect(requests == 2)

        let (notRetried, once) = try await api(faults: fails500Once, "--retries", "0")
        #expect(notRetried.status == 3)
        #expect(notRetried.stdout == "")
        #expect(notRetried.stderrLines.count == 1)
        #expect(notRetried.stderr.contains("HTTP 500"))
        #expect(once == 1)
    }

    @Test func retriesStopAtTheirNumber() async throws {
        let (result, requests) = try await api(faults: #"{"path": "/v1/me", "kind": "status", "status": 503}"#, "--retries", "2")
        #expect(result.status == 69)
        #expect(requests == 3)
        #expect(result.stderrLines.count == 1)
    }

    @Test func aPostIsNeverRetried() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": Self.statuses([503, 200])])
        defer { server.stop() }
        let result = try await api(server, "-X", "POST")
        #expect(result.status == 69)
        #expect(server.requests.count == 1)
    }

    @Test func aSilentServerTimesOutWithTheNetworkCode() async throws {
        let silent = SilentService()
        let server = try LoopbackServer(routes: ["/v1/me": silent.handler])
        defer { server.stop() }
        let result = try await api(server, "--timeout", "1s", "--retries", "0")
        #expect(result.status == 68)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        let waited = silent.waits
        #expect(waited.count == 1)
        #expect(waited.allSatisfy { $0 < .seconds(10) }, "waited \(waited) for a 1 s --timeout (the default is 30 s)")
    }

    @Test func aStalledBodyIsATimeout() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"mem")
            connection.waitForClientClose()
            return .close
        }])
        defer { server.stop() }
        let result = try await api(server, "--stall-timeout", "1s", "--retries", "0")
        #expect(result.status == 68)
        #expect(result.stdout == "", "nothing of a half body")
        #expect(result.stderr.contains("stalled"))
    }

    @Test func maxTimeBoundsTheWholeCommandRetriesIncluded() async throws {
        let silent = SilentService()
        let server = try LoopbackServer(routes: ["/v1/me": silent.handler])
        defer { server.stop() }
        let result = try await api(server, "--max-time", "1500ms", "--timeout", "1s")
        #expect(result.status == 68)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("time limit") || result.stderr.contains("--max-time"), "\(result.stderr)")
        let waited = silent.waits
        #expect(waited.reduce(.zero, +) < .seconds(10), "waited \(waited) within a 1.5 s --max-time")
        #expect(server.requests.count <= 2, "1 s attempts cannot fit three times in 1.5 s")
    }

    @Test func maxTimeWithJSONIsOneErrorObject() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": Self.silent])
        defer { server.stop() }
        let result = await reportInProcess(["status", "--json", "--base-url", server.baseURL, "--max-time", "1s"])
        // `status` asks /v1/service/status, which this server does not route: 404 at once.
        #expect(result.status == 66 || result.status == 68)
        let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? [String: Any])?["exitCode"] as? Int == Int(result.status))
    }

    @Test func badValuesAreUsageErrorsNamingTheFlag() async throws {
        for (arguments, flag) in [(["--retries", "11"], "--retries"), (["--timeout", "0s"], "--timeout"),
                                  (["--max-time", "0"], "--max-time"), (["--cacert", "/nonexistent/ca.pem"], "/nonexistent/ca.pem")] {
            let result = await reportInProcess(["status", "--base-url", "http://127.0.0.1:9"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(flag), "\(result.stderr)")
            #expect(result.stderrLines.count == 1)
        }
        let json = await reportInProcess(["status", "--json", "--cacert", "/nonexistent/ca.pem"])
        #expect(json.status == 64)
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? [String: Any])?["exitCode"] as? Int == 64)
    }

    @Test func aReadableCACertIsAccepted() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString).pem")
        try Data("not used over http\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await reportInProcess(["status", "--base-url", ReferenceServer.demo.baseURL, "--cacert", file.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func plainHTTPToAHostThatIsNotLoopbackIsRefused() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": Self.statuses([200])])
        defer { server.stop() }
        // 0.0.0.0 reaches this machine on Linux, but it is not a loopback name or address.
        let url = "http://0.0.0.0:\(server.port)"
        let flag = await reportInProcess(["api", "/v1/me", "--base-url", url], environment: ["REPORT_TOKEN": "t"])
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("--allow-insecure-http"))
        #expect(flag.stderrLines.count == 1)
        let environment = await reportInProcess(["api", "/v1/me"], environment: ["REPORT_TOKEN": "t", "REPORT_BASE_URL": url])
        #expect(environment.status == 78)
        #expect(environment.stderr.contains("REPORT_BASE_URL"))
        #expect(server.requests.isEmpty, "nothing was sent")

        let allowed = await reportInProcess(["api", "/v1/me", "--base-url", url, "--allow-insecure-http"],
                                            environment: ["REPORT_TOKEN": "t"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout == #"{"memIdx":42}"#)
        let loopback = await reportInProcess(["api", "/v1/me", "--base-url", "http://localhost:\(server.port)"],
                                             environment: ["REPORT_TOKEN": "t"])
        #expect(loopback.status == 0, "\(loopback.stderr)")
    }

    @Test func verboseLogsTheExchangeWithTheTokenRedacted() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.respond(status: 200, headers: [("Content-Type", "application/json"), ("Set-Cookie", "session=cookie-secret")],
                               body: #"{"memIdx":42}"#)
            return .keepAlive
        }])
        defer { server.stop() }
        for (arguments, environment) in [(["--verbose"], [String: String]()), ([], ["REPORT_DEBUG": "1"])] {
            let result = await reportInProcess(["api", "/v1/me", "--base-url", server.baseURL] + arguments,
                                               environment: ["REPORT_TOKEN": "t0k3n-secret"].merging(environment) { $1 })
            #expect(result.status == 0)
            #expect(result.stdout == #"{"memIdx":42}"#)
            #expect(result.stderr.contains("GET \(server.baseURL)/v1/me"))
            // One header a line, `> ` sent and `< ` received as curl -v writes them; every other line `* `.
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.contains("> Authorization: [REDACTED]"), "\(lines)")
            #expect(lines.contains("> Accept: application/json"))
            #expect(lines.contains("< Set-Cookie: [REDACTED]"))
            #expect(lines.contains("< Content-Type: application/json"))
            #expect(lines.contains { $0.hasPrefix("* ← 200 GET \(server.baseURL)/v1/me in ") })
            #expect(lines.allSatisfy { $0.hasPrefix("* ") || $0.hasPrefix("> ") || $0.hasPrefix("< ") }, "\(lines)")
            #expect(!result.stderr.contains("t0k3n-secret"))
            #expect(!result.stderr.contains("cookie-secret"))
            #expect(server.requests.last?.header("Authorization") == "Bearer t0k3n-secret")
        }
        let quiet = await reportInProcess(["api", "/v1/me", "--base-url", server.baseURL],
                                          environment: ["REPORT_TOKEN": "t0k3n-secret", "REPORT_DEBUG": "0"])
        #expect(quiet.stderr == "")
    }

    @Test func verboseSignInShowsNoToken() async throws {
        let harness = try await AuthHarness.start()
        let login = try await harness.login("--verbose")
        #expect(login.stderr.contains("POST \(harness.server.baseURL)/v1/auth/token"))
        #expect(login.stderr.contains(#""refreshToken":"[REDACTED]""#))
        let me = try await harness.report("api", "/v1/me", "--verbose")
        #expect(me.status == 0)
        #expect(me.stderr.contains("Authorization: [REDACTED]"))
        let status = try await harness.report("auth", "status", environment: ["REPORT_DEBUG": "1"])
        #expect(status.status == 0)
        harness.expectNoTokenLeaks()
    }
}
