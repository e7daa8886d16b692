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

    /// A machine without libsqlite3 (a mount namespace where its file is /dev/null): `search` and
    /// `sync`, whose work is the store, fail saying how to install it, in the member's language, as
    /// `fetch --offline` and `cache info` do, which read it; `fetch` goes on without the store, and
    /// `cache clear` removes it.
    @Test func aStoreCommandWithoutLibsqlite3SaysHowToInstallIt() async throws {
        let cache = CacheHome()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        var environment = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path]
        let kept = try await run(Paths.report, ["fetch", "1001", "--json"], environment: environment, timeLimit: .seconds(60))
        #expect(kept.status == 0, "\(kept.stderr)")
        let library = try Self.libsqlite3()
        func withoutLibsqlite3(_ arguments: [String], _ environment: [String: String]) async throws -> RunResult {
            try await run(URL(fileURLWithPath: "/usr/bin/unshare"),
                          ["--mount", "/bin/sh", "-c", #"mount --bind /dev/null "$0" && exec "$@""#, library, Paths.report.path] + arguments,
                          environment: environment, timeLimit: .seconds(60))
        }
        for arguments in [["search", "침착"], ["sync"]] {
            let english = try await withoutLibsqlite3(arguments, environment)
            #expect(english.status == 78, "\(arguments): \(english.stderr)")
            #expect(english.stdout.isEmpty)
            #expect(english.stderr.contains("the local store needs SQLite's library (libsqlite3.so.0), which cannot be loaded"),
                    "\(arguments): \(english.stderr)")
            #expect(english.stderr.contains("sudo apt install libsqlite3-0"))
            environment["LANG"] = "ko_KR.UTF-8"
            let korean = try await withoutLibsqlite3(arguments, environment)
            environment["LANG"] = nil
            #expect(korean.status == 78)
            #expect(korean.stderr.contains("SQLite 라이브러리(libsqlite3.so.0)를 불러올 수 없습니다"), "\(arguments): \(korean.stderr)")
            #expect(korean.stderr.contains("sudo apt install libsqlite3-0"))
        }
        let fetched = try await withoutLibsqlite3(["fetch", "1001", "--json"], environment)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout == kept.stdout)
        // Reading what is kept needs the library: not "not in the cache", not "0 reports".
        for arguments in [["fetch", "1001", "--offline"], ["cache", "info"]] {
            let read = try await withoutLibsqlite3(arguments, environment)
            #expect(read.status == 78, "\(arguments): \(read.stderr)")
            #expect(read.stdout.isEmpty)
            #expect(read.stderr.contains("sudo apt install libsqlite3-0"), "\(arguments): \(read.stderr)")
        }
        // Clearing does not: the files go, and the line does not call the store empty.
        #expect(!cache.scopes.isEmpty)
        let cleared = try await withoutLibsqlite3(["cache", "clear"], environment)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cleared.stderr.hasPrefix("Removed the store's files ("), "\(cleared.stderr)")
        #expect(cleared.stderr.contains("what they held unread"))
        #expect(cache.scopes.isEmpty, "\(cache.files)")
    }

    /// The file of this machine's x86-64 libsqlite3.so.0, as the dynamic loader finds it.
    static func libsqlite3() throws -> String {
        let listing = ChildProcess()
        listing.executableURL = URL(fileURLWithPath: "/sbin/ldconfig")
        listing.arguments = ["-p"]
        let output = Pipe()
        listing.standardOutput = output
        try listing.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        listing.waitUntilExit()
        let line = try #require(text.split(separator: "\n").first { $0.contains("libsqlite3.so.0 (") && $0.contains("x86-64") })
        let path = try #require(line.components(separatedBy: " => ").last)
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
