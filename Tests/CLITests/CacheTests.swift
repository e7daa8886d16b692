import Foundation
import Testing
import TestSupport

/// The local cache of finished reports, end to end: the built `report` against `report-server`'s
/// real ETags — a second fetch is a conditional request answered 304 and prints the kept copy;
/// `--offline` reads only the cache; `--no-cache` neither reads nor writes it; a pending analysis
/// is never kept; a damaged entry is fetched again, never shown.
@Suite("The report cache, end to end")
struct CacheTests {
    /// The `ETag` response header of the `--verbose` response line for `path`.
    static func etag(in result: RunResult, for path: String) -> String? {
        // The response's line, then its headers a line each (`< ETag: "…"`).
        let lines = result.stderrLines
        guard let start = lines.firstIndex(where: { $0.hasPrefix("* ← ") && $0.contains(path) }) else { return nil }
        let headers = lines[(start + 1)...].prefix { $0.hasPrefix("< ") }
        guard let line = headers.first(where: { $0.lowercased().hasPrefix("< etag: ") }) else { return nil }
        return String(line.dropFirst("< etag: ".count))
    }

    @Test func aSecondFetchAsksWithTheETagAndPrintsTheKeptCopyOn304() async throws {
        let cache = CacheHome()
        let first = try await cachedReport(["fetch", "1001", "--json", "--verbose"], cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.requestLines.allSatisfy { !$0.lowercased().contains("if-none-match") }, "nothing kept yet")
        #expect(cache.entryNames == ["interview-1001", "report-1001"])
        let interviewTag = try #require(Self.etag(in: first, for: "/v1/interviews/1001"))
        let reportTag = try #require(Self.etag(in: first, for: "/v1/analysis/report"))

        let second = try await cachedReport(["fetch", "1001", "--json", "--verbose"], cache: cache)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout, "the same document, from the kept copy")
        // The service's own ETags went back, and it answered 304 without a body.
        let requests = second.requestLines
        #expect(requests.contains { $0.contains("/v1/interviews/1001") && $0.contains("If-None-Match: \(interviewTag)") })
        #expect(requests.contains { $0.contains("/v1/analysis/report") && $0.contains("If-None-Match: \(reportTag)") })
        #expect(second.responseLines.count == 2)
        #expect(second.responseLines.allSatisfy { $0.hasPrefix("* ← 304 ") && $0.contains(" 0 bytes") }, "\(second.responseLines)")
        #expect(second.stderr.contains("not modified: the kept copy is current"))

        // For a person too: the same text as a fetch that downloads everything.
        let text = try await cachedReport(["fetch", "1001"], cache: cache)
        let fresh = try await cachedReport(["fetch", "1001", "--no-cache"], cache: cache)
        #expect(text.status == 0 && fresh.status == 0)
        #expect(text.stdout == fresh.stdout)
        #expect(text.stderr == "")
    }

    @Test func aPendingOrFailedAnalysisIsNeverKeptAndAFinishedOneIs() async throws {
        let cache = CacheHome()
        let pending = try await cachedReport(["fetch", "1005"], cache: cache)
        #expect(pending.status == 75)
        let failed = try await cachedReport(["fetch", "1008"], cache: cache)
        #expect(failed.status == 65)
        #expect(cache.entries.isEmpty, "kept: \(cache.entryNames)")
        let offline = try await cachedReport(["fetch", "1005", "--offline", "--json"], cache: cache)
        #expect(offline.status == 66)
        #expect(offline.stderr.contains("\"code\":\"not_cached\""))

        // 1006 is pending for its first two report requests on a server of its own, then done:
        // kept only then, and served from the cache afterwards.
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        for _ in 0..<2 {
            #expect(try await cachedReport(["fetch", "1006"], cache: cache, server: server).status == 75)
            #expect(!cache.entryNames.contains("report-1006"))
        }
        let done = try await cachedReport(["fetch", "1006", "--json"], cache: cache, server: server)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(cache.entryNames.isSuperset(of: ["interview-1006", "report-1006"]))
        let kept = try await cachedReport(["fetch", "1006", "--json", "--offline"], cache: cache, server: server)
        #expect(kept.status == 0)
        #expect(kept.stdout == done.stdout)
    }

    @Test func offlineReadsOnlyTheCacheAndSaysWhatIsNotThere() async throws {
        let cache = CacheHome()
        let server = try await ReferenceServer.start()
        let online = try await cachedReport(["fetch", "1001", "1002", "--jsonl"], cache: cache, server: server)
        #expect(online.status == 0)
        let one = try await cachedReport(["fetch", "1001"], cache: cache, server: server)
        await server.stopAndWait()

        let offline = try await cachedReport(["fetch", "1001", "--offline"], cache: cache, server: server)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == one.stdout)
        #expect(offline.stderr == "")
        let batch = try await cachedReport(["fetch", "1001", "1002", "--jsonl", "--offline"], cache: cache, server: server)
        #expect(batch.status == 0)
        #expect(batch.stdout == online.stdout)

        let missing = try await cachedReport(["fetch", "1003", "--offline"], cache: cache, server: server)
        #expect(missing.status == 66)
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("report: term 1003: not in the cache (--offline reads only the cache)"), "\(missing.stderr)")
        #expect(missing.stderr.contains("fetch it once without --offline"))
        let mixed = try await cachedReport(["fetch", "1001", "1003", "--jsonl", "--offline"], cache: cache, server: server)
        #expect(mixed.status == 1)
        #expect(mixed.stdoutLines.filter { !$0.isEmpty }.count == 1)
        #expect(mixed.stderr.contains("\"code\":\"not_cached\""))

        // Without --offline the service is asked, and it is gone: no stale copy is passed off.
        let down = try await cachedReport(["fetch", "1001"], cache: cache, server: server)
        #expect(down.status == 68)
        #expect(down.stdout == "")
    }

    @Test(arguments: [["--latest"], ["--explain"], ["--wait"], ["--link", "iamground://analysisComplete?memIdx=42&termNo=1001"],
                      ["--no-cache"]])
    func offlineRefusesWhatNeedsTheService(_ extra: [String]) async throws {
        let arguments = ["fetch", "--offline"] + (extra.contains("--latest") || extra.contains("--link") ? [] : ["1001"]) + extra
        let result = await reportInProcess(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--offline"), "\(result.stderr)")
    }

    @Test func noCacheNeitherReadsNorWritesIt() async throws {
        let cache = CacheHome()
        let uncached = try await cachedReport(["fetch", "1001", "--no-cache"], cache: cache)
        #expect(uncached.status == 0)
        #expect(!FileManager.default.fileExists(atPath: cache.url.path), "nothing written, not even the folder")

        #expect(try await cachedReport(["fetch", "1001"], cache: cache).status == 0)
        let kept = try cache.entry("report-1001").database
        let before = try Data(contentsOf: kept)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: kept.path)
        let again = try await cachedReport(["fetch", "1001", "--no-cache", "--verbose"], cache: cache)
        #expect(again.status == 0)
        #expect(again.requestLines.allSatisfy { !$0.contains("If-None-Match") })
        #expect(again.responseLines.allSatisfy { $0.hasPrefix("* ← 200 ") })
        #expect(try Data(contentsOf: kept) == before)
        let modified = try FileManager.default.attributesOfItem(atPath: kept.path)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_000_000_000), "not even renewed")
    }

    /// Ways an entry can be damaged on disk; each is ignored, fetched again and rewritten. The
    /// first four change the entry's row in its scope's database; the last two, the database file.
    enum Damage: String, CaseIterable, Sendable {
        case truncated, bodyByteChanged, garbage, empty, looseMode, symbolicLink

        func apply(to entry: CacheHome.Entry) throws {
            let file = entry.database
            let row = "WHERE term = ?1 AND kind = ?2"
            switch self {
            case .truncated:
                try entry.update("UPDATE response SET body = substr(body, 1, length(body) / 2) \(row)")
            case .bodyByteChanged:
                // A digit of the body becomes another: the length still matches.
                try entry.update("""
                    UPDATE response SET body = CAST(substr(CAST(body AS TEXT), 1, instr(CAST(body AS TEXT), '1') - 1) || '2'
                        || substr(CAST(body AS TEXT), instr(CAST(body AS TEXT), '1') + 1) AS BLOB) \(row)
                    """)
            case .garbage:
                try entry.update("UPDATE response SET body = CAST('hello, world' AS BLOB) \(row)")
            case .empty:
                try entry.update("UPDATE response SET body = x'' \(row)")
            case .looseMode:
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            case .symbolicLink:
                let target = file.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("elsewhere")
                try FileManager.default.copyItem(at: file, to: target)
                try FileManager.default.removeItem(at: file)
                try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func aDamagedEntryIsFetchedAgainNeverShownNeverFatal(_ damage: Damage) async throws {
        let cache = CacheHome()
        let original = try await cachedReport(["fetch", "1001", "--json"], cache: cache)
        #expect(original.status == 0)
        try damage.apply(to: try cache.entry("report-1001"))

        let offline = try await cachedReport(["fetch", "1001", "--json", "--offline"], cache: cache)
        #expect(offline.status == 66, "a damaged entry is not there: \(offline.stdout)")
        #expect(offline.stdout == "")

        let result = try await cachedReport(["fetch", "1001", "--json", "--verbose"], cache: cache)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == original.stdout)
        #expect(result.responseLines.contains { $0.hasPrefix("* ← 200 GET") && $0.contains("/v1/analysis/report") },
                "fetched again, whole: \(result.responseLines)")
        let quiet = try await cachedReport(["fetch", "1001", "--json", "--offline"], cache: cache)
        #expect(quiet.status == 0, "rewritten whole: \(quiet.stderr)")
        #expect(quiet.stdout == original.stdout)
        #expect(quiet.stderr == "")
        #expect(try CacheHome.mode(try cache.entry("report-1001")) == 0o600)
    }

    @Test func compareAndTrendReadReportsThroughTheCache() async throws {
        let cache = CacheHome()
        let compare = try await cachedReport(["compare", "1031", "1035", "--json"], cache: cache)
        #expect(compare.status == 0, "\(compare.stderr)")
        let offline = try await cachedReport(["compare", "1031", "1035", "--json", "--offline"], cache: cache)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == compare.stdout)
        #expect(try await cachedReport(["compare", "1031", "1033", "--offline"], cache: cache).status == 66)
        let latest = await reportInProcess(["compare", "--latest", "2", "--offline"])
        #expect(latest.status == 64)

        let trend = try await cachedReport(["trend", "--kind", "personality", "--json"], cache: cache)
        #expect(trend.status == 0, "\(trend.stderr)")
        let again = try await cachedReport(["trend", "--kind", "personality", "--json", "--verbose"], cache: cache)
        #expect(again.stdout == trend.stdout)
        let reports = again.responseLines.filter { $0.contains("/v1/analysis/report") }
        #expect(!reports.isEmpty && reports.allSatisfy { $0.hasPrefix("* ← 304 ") }, "\(reports)")
        let whole = try await cachedReport(["trend", "--kind", "personality", "--no-cache", "--verbose"], cache: cache)
        #expect(whole.responseLines.filter { $0.contains("/v1/analysis/report") }.allSatisfy { $0.hasPrefix("* ← 200 ") })
    }

    @Test func aWarmBatchCostsConditionalRequestsOnly() async throws {
        let cache = CacheHome()
        let terms = BatchFetchTests.goodTerms
        let cold = try await cachedReport(["fetch", "--jsonl", "--parallel", "4", "--verbose"] + terms, cache: cache)
        #expect(cold.status == 0)
        #expect(cold.responseLines.filter { $0.hasPrefix("* ← 200 ") }.count == 2 * terms.count)
        #expect(cache.entries.count == 2 * terms.count)

        let warm = try await cachedReport(["fetch", "--jsonl", "--parallel", "4", "--verbose"] + terms, cache: cache)
        #expect(warm.status == 0)
        #expect(warm.stdout == cold.stdout)
        #expect(warm.responseLines.count == 2 * terms.count, "one conditional request per entry")
        #expect(warm.responseLines.allSatisfy { $0.hasPrefix("* ← 304 ") })
    }
}
