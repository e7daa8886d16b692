import Foundation
import Testing
import TestSupport

/// libjq is loaded only by a command given `--jq` (Sources/CJQ), libsqlite3 only by one that opens
/// the local store (Sources/CSQLite), as libcurl only by one that makes a request: every other
/// command starts without them. A process, since what the dynamic loader maps is the point; its own
/// log (LD_DEBUG=libs) says which libraries it opened.
@Suite("libjq and libsqlite3, loaded on first use")
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

    @Test func aCommandWithoutTheStoreDoesNotLoadLibsqlite3() async throws {
        for arguments in [["--version"], ["help", "exit-codes"], ["config", "get", "language"]] {
            let result = try await run(Paths.report, arguments, environment: ["LD_DEBUG": "libs"], timeLimit: .seconds(60))
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("libc.so"), "the loader's log is there")
            #expect(!result.stderr.contains("libsqlite3"), "report \(arguments.joined(separator: " ")) must not load libsqlite3")
        }
    }

    @Test func aCommandThatReadsTheStoreLoadsLibsqlite3() async throws {
        // A store kept by a fetch from the reference server, then read by `cache info`, which asks no service.
        let cache = CacheHome()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let environment = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path,
                           "LD_DEBUG": "libs"]
        let fetched = try await run(Paths.report, ["fetch", "1001", "--json"], environment: environment, timeLimit: .seconds(60))
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stderr.contains("libsqlite3.so.0"))
        let info = try await run(Paths.report, ["cache", "info", "--json"], environment: environment, timeLimit: .seconds(60))
        #expect(info.status == 0, "\(info.stderr)")
        #expect(try info.json()["reports"] as? Int == 1)
        #expect(info.stderr.contains("libsqlite3.so.0"))
    }
}
