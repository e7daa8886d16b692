import Foundation
import Testing

/// A write that fails is never success: a full disk or a closed descriptor is exit 74 with one
/// line on stderr; a reader that went away ends `report` the way SIGPIPE does, quietly.
@Suite("write errors on stdout and stderr, end to end")
struct WriteErrorTests {
    struct Outcome {
        let status: Int32
        let killedBySignal: Bool
        let stdout: String
        let stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// Runs `report arguments` from bash with `redirections` applied to it (`>/dev/full`, `>&-`, …).
    private func report(_ arguments: [String], redirections: String, token: Bool = true) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirections)", Paths.report.path] + arguments
        var environment = testEnvironment(["REPORT_BASE_URL": ReferenceServer.demo.baseURL])
        if token { environment["REPORT_TOKEN"] = "demo-access-42" }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                       stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
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
    func aFullDiskIsExit74WithOneLine(arguments: [String]) throws {
        let result = try report(arguments, redirections: ">/dev/full")
        #expect(result.status == 74, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("could not write to standard output: No space left on device"))
        #expect(!result.stderr.contains("\"exitCode\":0"))
    }

    @Test(arguments: commands)
    func aClosedStdoutIsExit74WithOneLine(arguments: [String]) throws {
        let result = try report(arguments, redirections: ">&-")
        #expect(result.status == 74, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("could not write to standard output"))
    }

    @Test func aBatchStopsAndSaysSo() throws {
        let terms = (1001...1004).flatMap { ["--term", String($0)] }
        let result = try report(["fetch"] + terms + ["--jsonl"], redirections: ">/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr.contains("the batch stopped after"), "\(result.stderr)")
        #expect(!result.stderr.contains("summary"), "no summary claims the batch ran: \(result.stderr)")
    }

    @Test func aFailingStderrFailsACommandThatWouldSucceed() throws {
        let result = try report(["fetch", "--term", "1001", "--json", "--verbose"], redirections: "2>/dev/full")
        #expect(result.status == 74, "the request log could not be written")
        #expect(!result.stdout.isEmpty, "the document itself was written whole")
    }

    @Test func aClosedStderrKeepsTheCodeOfTheRealFailure() throws {
        let result = try report(["fetch", "--term", "9999"], redirections: "2>&-")
        #expect(result.status == 66)
        #expect(result.stdout == "")
    }

    @Test(arguments: [["fetch", "--term", "1001", "--json"], ["list", "--all", "--jsonl"], ["api", "/v1/me"],
                      ["fetch", "--term", "1001", "--term", "1002", "--jsonl"]])
    func aReaderThatWentAwayEndsItAsSIGPIPEDoes(arguments: [String]) throws {
        // The pipe's reader is gone before report writes: `report … | true`, without the race.
        let result = try report(arguments, redirections: "> >(exec 0<&-; exit 0)")
        #expect(result.killedBySignal && result.status == SIGPIPE, "\(arguments): status \(result.status), \(result.stderr)")
        #expect(result.stderr == "", "quietly: \(result.stderr)")
    }
}
