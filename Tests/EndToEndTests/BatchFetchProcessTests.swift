import Foundation
import Testing
import TestSupport

/// `report fetch` with several terms where the process is the point: terms read from standard
/// input (`--terms-from -` reads descriptor 0 itself, which an in-process run cannot give it) and
/// the progress line on a real terminal (script(1)). The rest of the batch tests run in-process
/// (CLITests' BatchFetchTests).
@Suite("report fetch, batches, as processes")
struct BatchFetchProcessTests {
    func fetch(_ arguments: [String], token: String = "demo-access-42", stdin: String? = nil) async throws -> RunResult {
        try await run(Paths.report, ["fetch"] + arguments,
                      environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": token], stdin: stdin)
    }

    static func termNumbers(_ result: RunResult) throws -> [Int] { try result.termNumbers() }

    static func stderrObjects(_ result: RunResult) throws -> [[String: Any]] { try result.stderrObjects() }

    @Test func badLinesAloneExit64() async throws {
        let result = try await fetch(["--terms-from", "-", "--jsonl"], stdin: "x\n-1\n")
        #expect(result.status == 64)
        let objects = try Self.stderrObjects(result)
        #expect(objects.count == 3)
        #expect(objects.first?["file"] as? String == "stdin")
        #expect(objects.first?["line"] as? Int == 1)
        let first = try #require(objects.first?["error"] as? [String: Any])
        #expect(first["code"] as? String == "invalid_term")
        #expect((first["message"] as? String)?.hasPrefix("stdin:1: 'x'") == true)
    }

    @Test func termsComeFromStdinWithADash() async throws {
        let result = try await fetch(["--terms-from", "-", "--jsonl"], stdin: "1003\n1001\n\n1002")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.termNumbers(result) == [1003, 1001, 1002])
    }

    @Test func termFlagsComeBeforeTheFile() async throws {
        let result = try await fetch(["--term", "1002", "--terms-from", "-", "--jsonl"], stdin: "1001\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.termNumbers(result) == [1002, 1001])
    }

    @Test func anEmptyListFetchesNothingAndSucceeds() async throws {
        let result = try await fetch(["--terms-from", "-"], stdin: "# nothing yet\n\n")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "report: no terms to fetch\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func aTerminalGetsAProgressLineThatIsClearedAtTheEnd() async throws {
        // script(1) gives the command a terminal; stdout goes to /dev/null, so what script
        // prints is stderr as the terminal saw it.
        let command = "'\(Paths.report.path)' fetch --term 1001 --term 1002 --term 1003 --jsonl > /dev/null"
        let result = try await run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                   environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                 "REPORT_TOKEN": "demo-access-42"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\r\u{1B}[Kreport: 0 of 3 done, 0 failed"))
        // The line is cleared before the summary, which is all that stays on the screen.
        let last = try #require(result.stdout.components(separatedBy: "\r\u{1B}[K").last)
        #expect(last.hasPrefix("{\"schemaVersion\":1,\"summary\":"), "\(last)")
    }
}
