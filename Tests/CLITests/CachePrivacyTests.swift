import Foundation
import Testing
import TestSupport

/// The report store holds personal data: its folder and databases are the user's alone, one member's
/// or one service's entries never serve another, signing out removes the member's, and each store
/// is bounded in size (past the bound new reports are not kept; kept ones are never dropped). `report cache info|clear`. In-process;
/// the modes under a permissive umask are EndToEndTests' CachePrivacyProcessTests.
@Suite("The report cache: privacy and bounds")
struct CachePrivacyTests {
    @Test func aCacheFolderThatCannotBeUsedNeverFailsAFetch() async throws {
        let cache = CacheHome()
        try FileManager.default.createDirectory(at: cache.url, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: cache.folder)
        let first = try await cachedReport(["fetch", "1001"], cache: cache)
        #expect(first.status == 0)
        #expect(first.stderr == "")
        let verbose = try await cachedReport(["fetch", "1001", "--verbose"], cache: cache)
        #expect(verbose.status == 0)
        #expect(verbose.stderr.contains("cache: not keeping interview-1001: \(cache.folder.path) is not a directory"))
        #expect(verbose.stdout == first.stdout)
        let info = try await cachedReport(["cache", "info"], cache: cache)
        #expect(info.status == 78)
        #expect(info.stderr.hasPrefix("report: the cache folder cannot be used: \(cache.folder.path) is not a directory"))
    }

    @Test func oneMembersOrServicesEntriesNeverServeAnother() async throws {
        let cache = CacheHome()
        #expect(try await cachedReport(["fetch", "1001"], cache: cache).status == 0)
        #expect(try await cachedReport(["fetch", "1001", "--offline"], cache: cache).status == 0)

        // Member 7 on the same service: nothing of member 42's, offline or not.
        let other = try await cachedReport(["fetch", "1001", "--offline"], cache: cache, token: "demo-access-7")
        #expect(other.status == 66, "\(other.stdout)")
        #expect(other.stdout == "")
        #expect(try await cachedReport(["fetch", "1001"], cache: cache, token: "demo-access-7").status == 77)
        // The same member's token on another base URL (the same server by another name).
        let port = try #require(URLComponents(string: ReferenceServer.demo.baseURL)?.port)
        let elsewhere = try await cachedReport(["fetch", "1001", "--offline", "--base-url", "http://localhost:\(port)"], cache: cache)
        #expect(elsewhere.status == 66)
    }

    @Test func storedCredentialsKeepTheirMembersEntriesAndLogoutRemovesThem() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let cache = CacheHome()
        let environment = ["XDG_CACHE_HOME": cache.url.path]
        try await harness.login()
        #expect(try await harness.report("fetch", "1001", environment: environment).status == 0)
        let signedIn = try await harness.report("fetch", "1001", "--offline", environment: environment)
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        // The same member by REPORT_TOKEN: entries of its own, kept when the profile signs out.
        let token = ["XDG_CACHE_HOME": cache.url.path, "REPORT_TOKEN": "demo-access-42"]
        #expect(try await harness.report("fetch", "1002", environment: token).status == 0)
        #expect(cache.scopes.count == 2)
        #expect(cache.entries.count == 4)

        // Another member's credentials in the same profile do not read member 42's entries.
        let credentials = try #require(try harness.credentials()?["default"])
        var member7 = credentials
        member7["memIdx"] = 7
        try harness.writeCredentials(["default": member7])
        #expect(try await harness.report("fetch", "1001", "--offline", environment: environment).status == 66)
        try harness.writeCredentials(["default": credentials])

        let logout = try await harness.report("auth", "logout", environment: environment)
        #expect(logout.status == 0)
        #expect(logout.stderr.contains("and the reports cached for them"))
        #expect(cache.entryNames == ["interview-1002", "report-1002"], "only the REPORT_TOKEN entries are left")
        #expect(cache.scopes.count == 1)
        let signedOut = try await harness.report("fetch", "1001", "--offline", environment: environment)
        #expect(signedOut.status == 4, "offline, there is no member to read for: \(signedOut.stderr)")
    }

    /// A store, not an evicting cache: past the bound new reports are not kept, and none kept is
    /// dropped for them (the cache before it removed the entries used longest ago).
    @Test func theSizeIsBoundedAndKeptReportsAreNeverDropped() async throws {
        let cache = CacheHome()
        let bound = 16 * 1024
        let environment = ["REPORT_CACHE_MAX_SIZE": "16K"]
        let terms = ["1001", "1002", "1003", "1004", "1007", "1009", "1010", "1011", "1012"]
        var keptSoFar: Set<String> = []
        for term in terms {
            let result = try await cachedReport(["fetch", term], cache: cache, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(cache.totalBytes <= bound, "after \(term): \(cache.totalBytes) bytes")
            #expect(cache.entryNames.isSuperset(of: keptSoFar), "after \(term), kept ones went: \(cache.entryNames)")
            keptSoFar = cache.entryNames
        }
        /// Which terms are wholly kept, partly kept, or not kept.
        func kept(_ term: String) -> Int {
            ["interview-\(term)", "report-\(term)"].filter(cache.entryNames.contains).count
        }
        let states = terms.map(kept)
        #expect(states.first == 2, "the first term stays: \(cache.entryNames)")
        #expect(states.last! < 2, "the last term found the store full: \(cache.entryNames)")
        let full = try await cachedReport(["fetch", terms.last!, "--verbose"], cache: cache, environment: environment)
        #expect(full.status == 0)
        #expect(["interview", "report"].contains { full.stderr.contains("cache: not keeping \($0)-\(terms.last!): the store holds ") },
                "\(full.stderr)")

        // A kept term is still served (304) from the full store.
        let served = try await cachedReport(["fetch", terms[0], "--verbose"], cache: cache, environment: environment)
        #expect(served.responseLines.allSatisfy { $0.hasPrefix("* ← 304 ") }, "\(served.responseLines)")

        let info = try await cachedReport(["cache", "info", "--json"], cache: cache, environment: environment)
        let document = try info.json()
        #expect(document["maxBytes"] as? Int == bound)
        #expect(document["bytes"] as? Int == cache.totalBytes)
        #expect(document["entries"] as? Int == cache.entries.count)
        #expect(document["reports"] as? Int == cache.entryNames.filter { $0.hasPrefix("report-") }.count)
    }

    @Test func cacheInfoSaysWhereHowManyAndHowBigAndClearEmptiesIt() async throws {
        let cache = CacheHome()
        let empty = try await cachedReport(["cache", "info"], cache: cache)
        #expect(empty.status == 0)
        #expect(empty.stdout.contains("directory  \(cache.folder.path)  (from XDG_CACHE_HOME)"), "\(empty.stdout)")
        #expect(empty.stdout.contains("entries    0"))
        #expect(empty.stdout.contains("limit      50 MiB  (the default; REPORT_CACHE_MAX_SIZE changes it)"))

        #expect(try await cachedReport(["fetch", "1001", "1002", "--jsonl"], cache: cache).status == 0)
        let info = try await cachedReport(["cache", "info", "--json"], cache: cache)
        let document = try info.json()
        #expect(document["directory"] as? String == cache.folder.path)
        #expect(document["entries"] as? Int == 4)
        #expect(document["bytes"] as? Int == cache.totalBytes)
        #expect(document["maxBytes"] as? Int == 50 << 20)

        let clear = try await cachedReport(["cache", "clear", "--json"], cache: cache)
        #expect(clear.status == 0)
        let removed = try #require(try clear.json()["removed"] as? [String: Any])
        #expect(removed["entries"] as? Int == 4)
        #expect(clear.stderr.hasPrefix("Removed 4 entries"))
        #expect(cache.entries.isEmpty)
        #expect(try await cachedReport(["fetch", "1001", "--offline"], cache: cache).status == 66)
        let again = try await cachedReport(["cache", "clear"], cache: cache)
        #expect(again.stderr.hasPrefix("The cache was empty"))
    }

    /// A store that cannot be read (here: not the user's mode 0600) is not counted as if it were
    /// empty: `cache info` says how many there are, and `cache clear --json` that it removed them
    /// and how much they took on disk, not "0 entries, 0 bytes" only.
    @Test func storesThatCannotBeReadAreCountedByInfoAndClear() async throws {
        let cache = CacheHome()
        #expect(try await cachedReport(["fetch", "1001"], cache: cache).status == 0)
        let database = try #require(cache.scopes.first { $0.pathExtension == "sqlite" })
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database.path)

        let info = try await cachedReport(["cache", "info"], cache: cache)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("entries        0"), "\(info.stdout)")
        #expect(info.stdout.contains("unread stores  1  (not trusted or damaged, not counted above; report cache clear removes them)"),
                "\(info.stdout)")
        let korean = try await cachedReport(["cache", "info"], cache: cache, environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains("읽지 못한 저장소  1  (믿을 수 없거나 손상된 저장소라 위 숫자에 넣지 않았습니다."), "\(korean.stdout)")
        let document = try await cachedReport(["cache", "info", "--json"], cache: cache).json()
        #expect(document["unreadStores"] as? Int == 1 && document["entries"] as? Int == 0)

        let clear = try await cachedReport(["cache", "clear", "--json"], cache: cache)
        #expect(clear.status == 0)
        let removed = try #require(try clear.json()["removed"] as? [String: Any])
        #expect(removed["unreadStores"] as? Int == 1)
        #expect(removed["entries"] as? Int == 0)
        #expect((removed["fileBytes"] as? Int ?? 0) > 0)
        #expect(clear.stderr.hasPrefix("Removed the store's files ("), "\(clear.stderr)")
        #expect(cache.scopes.isEmpty)
        let none = try await cachedReport(["cache", "info", "--json"], cache: cache).json()
        #expect(none["unreadStores"] as? Int == 0)
    }

    @Test func theFolderFollowsXDGCacheHomeThenHome() async throws {
        let home = CacheHome()
        let relative = await reportInProcess(["config", "get", "cache_dir"], environment: ["XDG_CACHE_HOME": "relative/cache",
                                                                                          "HOME": home.url.path])
        #expect(relative.stdout == home.url.path + "/.cache/report\n", "a relative XDG_CACHE_HOME is ignored")
        let absolute = await reportInProcess(["config", "get", "cache_dir"], environment: ["XDG_CACHE_HOME": "/somewhere/"])
        #expect(absolute.stdout == "/somewhere/report\n")
        let result = await reportInProcess(["fetch", "1001"],
                                           environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42",
                                                         "HOME": home.url.path, "XDG_CACHE_HOME": ""])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: home.url.path + "/.cache/report"))
    }

    @Test func aBadBoundIsAConfigurationErrorOfTheCommandsThatKeepReports() async throws {
        let bad = await reportInProcess(["fetch", "1001"], environment: ["REPORT_CACHE_MAX_SIZE": "lots"])
        #expect(bad.status == 78)
        #expect(bad.stderr.hasPrefix("report: invalid REPORT_CACHE_MAX_SIZE 'lots'"))
        // A command that keeps no report is not held up by it.
        let status = await reportInProcess(["status"], environment: ["REPORT_CACHE_MAX_SIZE": "lots",
                                                                     "REPORT_BASE_URL": ReferenceServer.demo.baseURL])
        #expect(status.status == 0, "\(status.stderr)")
        let help = await reportInProcess(["help", "environment"])
        #expect(help.stdout.contains("REPORT_CACHE_MAX_SIZE"))
        #expect(help.stdout.contains("XDG_CACHE_HOME"))
    }
}
