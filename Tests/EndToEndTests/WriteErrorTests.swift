import Foundation
import Testing
import TestSupport

/// A write that fails is never success: a full disk or a closed descriptor is exit 74 with one
/// line on stderr; a reader that went away ends `report` the way SIGPIPE does, quietly.
@Suite("write errors on stdout and stderr, end to end")
struct WriteErrorTests {
    /// Runs `report arguments` from bash with `redirections` applied to it (`>/dev/full`, `>&-`, …),
    /// waiting on a thread of its own (`run`), never on the cooperative pool.
    private func report(_ arguments: [String], redirections: String, token: Bool = true) async throws -> RunResult {
        var environment = ["REPORT_BASE_URL": ReferenceServer.demo.baseURL]
        if token { environment["REPORT_TOKEN"] = "demo-access-42" }
        return try await run(URL(fileURLWithPath: "/bin/bash"),
                             ["-c", "exec \"$0\" \"$@\" \(redirections)", Paths.report.path] + arguments,
                             environment: environment, timeLimit: .seconds(60))
    }

    static let commands: [[String]] = [
        ["fetch", "--term", "1001", "--json"],
        ["fetch", "--term", "1001"],
        ["fetch", "--term", "1001", "--term", "1002", "--term", "1003", "--jsonl"],
        ["list", "--json"],
        ["list"],
        ["status"],
        ["hint", "aptitude"],
        ["auth", "status", "--json"],
        ["check", "--term", "1001"],
        ["api", "/v1/me"],
    ]

    @Test(arguments: commands)
    func aFullDiskIsExit74WithOneLine(arguments: [String]) async throws {
        let result = try await report(arguments, redirections: ">/dev/full")
        #expect(result.status == 74, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("could not write to standard output: No space left on device"))
        #expect(!result.stderr.contains("\"exitCode\":0"))
    }

    @Test(arguments: commands)
    func aClosedStdoutIsExit74WithOneLine(arguments: [String]) async throws {
        let result = try await report(arguments, redirections: ">&-")
        #expect(result.status == 74, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("could not write to standard output"))
    }

    @Test func aBatchStopsAndSaysSo() async throws {
        let terms = (1001...1004).flatMap { ["--term", String($0)] }
        let result = try await report(["fetch"] + terms + ["--jsonl"], redirections: ">/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr.contains("the batch stopped after"), "\(result.stderr)")
        #expect(!result.stderr.contains("summary"), "no summary claims the batch ran: \(result.stderr)")
    }

    @Test func aFailingStderrFailsACommandThatWouldSucceed() async throws {
        let result = try await report(["fetch", "--term", "1001", "--json", "--verbose"], redirections: "2>/dev/full")
        #expect(result.status == 74, "the request log could not be written")
        #expect(!result.stdout.isEmpty, "the document itself was written whole")
    }

    @Test func aClosedStderrKeepsTheCodeOfTheRealFailure() async throws {
        let result = try await report(["fetch", "--term", "9999"], redirections: "2>&-")
        #expect(result.status == 66)
        #expect(result.stdout == "")
    }

    @Test(arguments: [["fetch", "--term", "1001", "--json"], ["list", "--all", "--jsonl"], ["api", "/v1/me"],
                      ["fetch", "--term", "1001", "--term", "1002", "--jsonl"]])
    func aReaderThatWentAwayEndsItAsSIGPIPEDoes(arguments: [String]) async throws {
        // The pipe's reader is gone before report writes: `report … | true`, without the race.
        let result = try await report(arguments, redirections: "> >(exec 0<&-; exit 0)")
        // bash exec'd report: the status is report's, 13 when SIGPIPE ended it (report never exits 13).
        #expect(result.status == SIGPIPE, "\(arguments): status \(result.status), \(result.stderr)")
        #expect(result.stderr == "", "quietly: \(result.stderr)")
    }
}
