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

    /// The stop fallback of these processes: a minute, so that one that stops by itself is told
    /// from one the fallback ended by a bound no loaded machine reaches.
    static let grace = (name: "REPORT_TEST_STOP_GRACE", value: "60s")

    /// Sends Ctrl-C once `ready` holds, and checks what every interrupted command must do: exit
    /// 130, print nothing on stdout, and end by itself — well before the fallback that ends a
    /// command which cannot stop (60 s for these processes).
    func interrupt(_ process: RunningProcess, when ready: () -> Bool) async throws -> RunResult {
        #expect(try await eventually(ready))
        let start = ContinuousClock.now
        process.signal(SIGINT)
        let result = await process.result()
        #expect(result.status == 130)
        #expect(result.stdout == "")
        // The stop fallback is 60 s here (`REPORT_TEST_STOP_GRACE`, `Self.grace`): a command
        // that stopped by itself ends long before, however loaded the machine.
        let ended = try #require(process.outputEndedAt)
        #expect(start.duration(to: ended) < .seconds(30))
        return result
    }

    @Test func ctrlCStopsAHungRequestAtOnceWith130() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/interviews/1001": Self.silent, "/v1/analysis/report": Self.silent,
            "/v1/analysis/video-report": Self.silent, "/v1/service/status": Self.silent,
        ])
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, ["fetch", "--term", "1001", "--base-url", server.baseURL],
                                         environment: ["REPORT_TOKEN": "t", Self.grace.name: Self.grace.value])
        let result = try await interrupt(process) { !server.requests.isEmpty }
        #expect(result.stderr == "report: interrupted\n")
    }

    /// Ctrl-C in a batch: the last line says how far it got, in the member's language (the error
    /// document with --jsonl), and the JSON Lines written so far stay whole documents.
    @Test func ctrlCInABatchSaysWhereItStoppedAndKeepsTheJSONLinesWhole() async throws {
        let server = try await FaultyReferenceServer.start(faults: #"{"rules": [{"path": "/v1/interviews/1003", "kind": "stall"}]}"#)
        defer { server.process.terminate() }
        // One at a time: 1001 and 1002 written, then 9999's error, then 1003's request, which stalls.
        func interrupted(_ extra: [String]) async throws -> RunResult {
            let process = try RunningProcess(Paths.report, ["fetch", "1001", "1002", "9999", "1003", "--parallel", "1",
                                                            "--base-url", server.baseURL] + extra,
                                             environment: ["REPORT_TOKEN": "demo-access-42", Self.grace.name: Self.grace.value])
            #expect(try await eventually { process.stderrSoFar.contains("9999") })
            process.signal(SIGINT)
            let result = await process.result()
            #expect(result.status == 130)
            return result
        }
        let jsonl = try await interrupted(["--jsonl"])
        let lines = jsonl.stdout.split(separator: "\n")
        #expect(lines.count == 2 && jsonl.stdout.hasSuffix("\n"))
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)") }
        let error = try #require(jsonl.stderrLines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let fields = try #require(error["error"] as? [String: Any])
        #expect(fields["code"] as? String == "interrupted")
        #expect(fields["message"] as? String == "interrupted after 2 of 4 terms were fetched (1 failed)")

        let english = try await interrupted([])
        #expect(english.stderrLines.last == "report: interrupted after 2 of 4 terms were fetched (1 failed)")
        let korean = try await interrupted(["--lang", "ko"])
        #expect(korean.stderrLines.last?.hasPrefix("report: 4건 중 2건을 받은 뒤 중단했습니다(실패 1건)") == true, "\(korean.stderr)")
    }

    @Test func ctrlCStopsABatchOfHungRequestsWith130() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/interviews/1001": Self.silent, "/v1/interviews/1002": Self.silent, "/v1/interviews/1003": Self.silent,
            "/v1/analysis/report": Self.silent, "/v1/service/status": Self.silent,
        ])
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, ["fetch", "--term", "1001", "--term", "1002", "--term", "1003",
                                                        "--jsonl", "--base-url", server.baseURL],
                                         environment: ["REPORT_TOKEN": "t", Self.grace.name: Self.grace.value])
        let result = try await interrupt(process) { !server.requests.isEmpty }
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// `arguments` read standard input, which the test holds open and never writes to.
    @Test(arguments: [["api", "/v1/me", "--input", "-"], ["auth", "login", "--with-token"]])
    func ctrlCEndsACommandBlockedReadingStandardInput(arguments: [String]) async throws {
        let server = try LoopbackServer(routes: ["/v1/me": Self.statuses([200]), "/v1/auth/token": Self.statuses([200])])
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, arguments + ["--base-url", server.baseURL],
                                         environment: ["REPORT_TOKEN": "t", Self.grace.name: Self.grace.value], holdingStandardInputOpen: true)
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
