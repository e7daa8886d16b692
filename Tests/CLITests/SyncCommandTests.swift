import Foundation
import Testing
import TestSupport

/// `report sync`: every finished interview of the member into the local store, against
/// report-server's demo data — a second sync downloads nothing (304s only), what it brought in is
/// read `--offline`, `--jsonl` is a line an interview, and a failed interview is the batch's
/// partial failure. In-process; Ctrl-C and concurrent processes are EndToEndTests' StoreProcessTests.
@Suite("report sync")
struct SyncCommandTests {
    /// The demo member's interviews whose analysis is done, as `report list` says.
    static func finishedTerms(_ server: ReferenceServer) async throws -> [Int] {
        let list = await reportInProcess(["list", "--all", "--jsonl"],
                                         environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"])
        #expect(list.status == 0, "\(list.stderr)")
        return try list.stdoutLines.filter { !$0.isEmpty }.compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["analysisStatus"] as? String == "DONE" ? object["termNo"] as? Int : nil
        }
    }

    @Test func aSecondSyncDownloadsNothingAndTheStoreServesOffline() async throws {
        let cache = CacheHome()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let finished = try await Self.finishedTerms(server)
        try #require(finished.count > 10)

        let first = try await cachedReport(["sync", "--json"], cache: cache, server: server)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(try first.json()["summary"] as? [String: Any])
        #expect(summary["total"] as? Int == finished.count)
        #expect(summary["synced"] as? Int == finished.count)
        #expect(summary["downloaded"] as? Int == finished.count)
        #expect(summary["requests"] as? Int == 3 * finished.count, "the interview, the report and the video report")
        #expect(Set(cache.entryNames.filter { $0.hasPrefix("report-") }) == Set(finished.map { "report-\($0)" }))
        #expect(cache.entries.count == 3 * finished.count, "a video report is kept even without a video")

        let second = try await cachedReport(["sync", "--json", "--verbose"], cache: cache, server: server)
        #expect(second.status == 0, "\(second.stderr)")
        let again = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        let counts = try #require(again["summary"] as? [String: Any])
        #expect(counts["downloaded"] as? Int == 0)
        #expect(counts["unchanged"] as? Int == finished.count)
        #expect(counts["bytes"] as? Int == 0)
        let responses = try #require(counts["responses"] as? [String: Any])
        #expect(responses["notModified"] as? Int == 3 * finished.count)
        let reports = second.responseLines.filter { !$0.contains("/v1/interviews?") }
        #expect(reports.count == 3 * finished.count)
        #expect(reports.allSatisfy { $0.hasPrefix("* ← 304 ") }, "\(reports.filter { !$0.hasPrefix("* ← 304 ") })")

        await server.stopAndWait()
        let offline = try await cachedReport(["fetch", "--jsonl", "--offline", "--section", "tips,video"] + finished.map(String.init),
                                             cache: cache, server: server)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdoutLines.filter { !$0.isEmpty }.count == finished.count)
    }

    @Test func aStoreThatCannotBeUsedFailsTheSyncBeforeAnyRequest() async throws {
        let cache = CacheHome()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        // A fetch makes the scope's database; a folder in its place cannot be opened.
        let fetched = try await cachedReport(["fetch", "1001", "--json"], cache: cache, server: server)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let database = try #require(cache.scopes.first)
        for file in cache.files { try FileManager.default.removeItem(at: file) }
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])

        let english = try await cachedReport(["sync"], cache: cache, server: server)
        #expect(english.status == 78, "\(english.stderr)")
        #expect(english.stdout.isEmpty)
        #expect(english.stderrLines.first?.hasPrefix("report: the local store cannot be used: \(database.path)") == true,
                "\(english.stderr)")
        #expect(english.stderr.contains("run it again with --verbose to see the store's log"))
        // Before any request: not even the interview list.
        let verbose = try await cachedReport(["sync", "--json", "--verbose"], cache: cache, server: server)
        #expect(verbose.status == 78)
        #expect(verbose.stdout.isEmpty || (try? verbose.json()["error"]) != nil, "\(verbose.stdout)")
        #expect(verbose.responseLines.isEmpty, "\(verbose.responseLines)")

        let korean = try await cachedReport(["sync"], cache: cache, server: server, environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.status == 78)
        #expect(korean.stderr.contains("로컬 저장소를 쓸 수 없습니다"), "\(korean.stderr)")
        #expect(korean.stderr.contains("저장소 기록에서 원인을 확인해 주세요"), "\(korean.stderr)")
        #expect(!korean.stderr.contains("cannot"), "\(korean.stderr)")
    }

    @Test func jsonLinesSayWhereEachResponseCameFromAndTextSaysTheSummary() async throws {
        let cache = CacheHome()
        let lines = try await cachedReport(["sync", "--jsonl", "--parallel", "4"], cache: cache)
        #expect(lines.status == 0, "\(lines.stderr)")
        let objects = try lines.stdoutLines.filter { !$0.isEmpty }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(!objects.isEmpty)
        #expect(objects.allSatisfy { $0["report"] as? String == "downloaded" && $0["requests"] as? Int == 3 })
        #expect(lines.stderrLines.last?.contains("\"summary\"") == true, "\(lines.stderr)")

        let text = try await cachedReport(["sync"], cache: cache)
        #expect(text.status == 0)
        #expect(text.stdout == "")
        #expect(text.stderr.hasPrefix("report: \(objects.count) of \(objects.count) interviews synced in "), "\(text.stderr)")
        #expect(text.stderr.contains(": 0 new or changed, \(objects.count) unchanged ("), "\(text.stderr)")
        let korean = try await cachedReport(["sync", "--lang", "ko"], cache: cache)
        #expect(korean.stderr.hasPrefix("report: 면접 \(objects.count)건 중 \(objects.count)건을 "), "\(korean.stderr)")

        let info = try await cachedReport(["cache", "info", "--json"], cache: cache)
        #expect(try info.json()["reports"] as? Int == objects.count)
    }

    @Test func aFailedInterviewIsThePartialFailureOfABatch() async throws {
        let cache = CacheHome()
        let server = try await FaultyReferenceServer.start(faults: #"{"rules": [{"path": "/v1/analysis/report", "term": 1002, "kind": "status", "status": 500}]}"#)
        defer { server.stop() }
        let result = await reportInProcess(["sync", "--json", "--retries", "0"],
                                           environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42",
                                                         "XDG_CACHE_HOME": cache.url.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("term 1002"), "\(result.stderr)")
        let summary = try #require(try result.json()["summary"] as? [String: Any])
        #expect(summary["failed"] as? Int == 1)
        #expect(summary["exitCode"] as? Int == 1)
        #expect(!cache.entryNames.contains("report-1002"))
        #expect(cache.entryNames.contains("report-1001"))
    }

    @Test(arguments: [["--json", "--jsonl"], ["--parallel", "0"], ["--offline"]])
    func badArgumentsAreUsageErrors(_ arguments: [String]) async {
        let result = await reportInProcess(["sync"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }
}
