import Foundation
import Testing
import TestSupport

/// Ctrl-C and SIGTERM sent to the built `report` while a request hangs, while a batch hangs and
/// while it blocks reading standard input: exit 130 or 143 at once, nothing on stdout. The
/// connection flags themselves run in-process (CLITests' ReliabilityTests).
@Suite("signals, as processes")
struct ReliabilityProcessTests {
    static let silent = LoopbackServer.silent

    static func statuses(_ statuses: [Int]) -> LoopbackServer.Handler { LoopbackServer.statuses(statuses) }

    /// Sends Ctrl-C once `ready` holds, and checks what every interrupted command must do: exit
    /// 130, print nothing on stdout, and end by itself — well before the 3 s fallback that ends a
    /// command which cannot stop.
    func interrupt(_ process: RunningProcess, when ready: () -> Bool) async throws -> RunResult {
        #expect(try await eventually(ready))
        let start = ContinuousClock.now
        process.signal(SIGINT)
        let result = await process.result()
        #expect(result.status == 130)
        #expect(result.stdout == "")
        let ended = try #require(process.outputEndedAt)
        #expect(start.duration(to: ended) < .milliseconds(2500))
        return result
    }

    @Test func ctrlCStopsAHungRequestAtOnceWith130() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/interviews/1001": Self.silent, "/v1/analysis/report": Self.silent,
            "/v1/analysis/video-report": Self.silent, "/v1/service/status": Self.silent,
        ])
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, ["fetch", "--term", "1001", "--base-url", server.baseURL],
                                         environment: ["REPORT_TOKEN": "t"])
        let result = try await interrupt(process) { !server.requests.isEmpty }
        #expect(result.stderr == "report: interrupted\n")
    }

    @Test func ctrlCStopsABatchOfHungRequestsWith130() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/interviews/1001": Self.silent, "/v1/interviews/1002": Self.silent, "/v1/interviews/1003": Self.silent,
            "/v1/analysis/report": Self.silent, "/v1/service/status": Self.silent,
        ])
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, ["fetch", "--term", "1001", "--term", "1002", "--term", "1003",
                                                        "--jsonl", "--base-url", server.baseURL],
                                         environment: ["REPORT_TOKEN": "t"])
        let result = try await interrupt(process) { !server.requests.isEmpty }
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// `arguments` read standard input, which the test holds open and never writes to.
    @Test(arguments: [["api", "/v1/me", "--input", "-"], ["auth", "login", "--with-token"]])
    func ctrlCEndsACommandBlockedReadingStandardInput(arguments: [String]) async throws {
        let server = try LoopbackServer(routes: ["/v1/me": Self.statuses([200]), "/v1/auth/token": Self.statuses([200])])
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, arguments + ["--base-url", server.baseURL],
                                         environment: ["REPORT_TOKEN": "t"], holdingStandardInputOpen: true)
        #expect(try await eventually { process.handles(SIGINT) })
        try await Task.sleep(for: .milliseconds(300))
        let result = try await interrupt(process) { true }
        #expect(result.stderr == "report: interrupted\n")
        #expect(server.requests.isEmpty)
    }

    @Test func sigtermStopsTheCommandWith143() async throws {
        let server = try LoopbackServer(routes: ["/v1/me": Self.silent])
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, ["api", "/v1/me", "--json", "--base-url", server.baseURL],
                                         environment: ["REPORT_TOKEN": "t"])
        #expect(try await eventually { !server.requests.isEmpty })
        process.signal(SIGTERM)
        let result = await process.result()
        #expect(result.status == 143)
        #expect(result.stdout == "")
        let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? [String: Any])?["code"] as? String == "terminated")
    }
}
