import Foundation
import Testing
import TestSupport

/// libjq is loaded only by a command given `--jq` (Sources/CJQ), as libcurl only by one that makes
/// a request: every other command starts without it. A process, since what the dynamic loader maps
/// is the point; its own log (LD_DEBUG=libs) says which libraries it opened.
@Suite("libjq, loaded on first use")
struct LazyLibraryTests {
    @Test func aCommandWithoutJQDoesNotLoadLibjq() async throws {
        let result = try await run(Paths.report, ["--version"], environment: ["LD_DEBUG": "libs"], timeLimit: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("libc.so"), "the loader's log is there")
        #expect(!result.stderr.contains("libjq"), "--version must not load libjq")
        #expect(!result.stderr.contains("libonig"))
    }

    @Test func aCommandWithJQLoadsItAndFilters() async throws {
        // `config get` reads no service: the filter alone is at work.
        let result = try await run(Paths.report, ["config", "get", "language", "--jq", ".name"], environment: ["LD_DEBUG": "libs"],
                                   timeLimit: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "language\n")
        #expect(result.stderr.contains("libjq.so.1"))
    }
}
