import Foundation
import Testing
import TestSupport

/// The report store where the process is the point: a `report` killed (`kill -9`) in the middle of
/// a batch leaves a store that opens with everything it had committed; two `report` processes
/// writing the same store at once both finish, neither losing the other's reports; a `sync`
/// stopped by Ctrl-C is resumed by the next one. The rest of the store runs in-process (CLITests'
/// CacheTests, CachePrivacyTests, SyncCommandTests).
@Suite("the report store, as processes")
struct StoreProcessTests {
    static func environment(_ server: String, _ cache: CacheHome) -> [String: String] {
        ["REPORT_BASE_URL": server, "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path]
    }

    @Test func aKilledBatchLeavesAStoreWithWhatItCommitted() async throws {
        let cache = CacheHome()
        // 1003's interview never comes: the batch (one term at a time) hangs there, 1001 and 1002 written.
        let server = try await FaultyReferenceServer.start(faults: #"{"rules": [{"path": "/v1/interviews/1003", "kind": "stall"}]}"#)
        defer { server.stop() }
        let process = try RunningProcess(Paths.report, ["fetch", "1001", "1002", "1003", "1004", "--parallel", "1", "--jsonl"],
                                         environment: Self.environment(server.baseURL, cache))
        #expect(try await eventually { process.stdoutSoFar.split(separator: "\n").count == 2 })
        process.signal(SIGKILL)
        let killed = await process.result()
        #expect(killed.status != 0)

        // Reopened: the two terms written are there, whole, served without the service.
        let offline = try await run(Paths.report, ["fetch", "1001", "1002", "--jsonl", "--offline"],
                                    environment: Self.environment("http://127.0.0.1:1", cache))
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == killed.stdout)
        let info = try await run(Paths.report, ["cache", "info", "--json"], environment: Self.environment("http://127.0.0.1:1", cache))
        #expect(info.status == 0, "\(info.stderr)")
        #expect(try info.json()["reports"] as? Int == 2)
    }

    @Test func twoProcessesWritingOneStoreBothFinish() async throws {
        let cache = CacheHome()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let terms = (1001...1035).map(String.init)
        let environment = Self.environment(server.baseURL, cache)
        async let first = run(Paths.report, ["fetch", "--jsonl", "--parallel", "8"] + terms, environment: environment)
        async let second = run(Paths.report, ["fetch", "--jsonl", "--parallel", "8", "--verbose"] + terms.reversed(),
                               environment: environment)
        let (one, two) = try await (first, second)
        // Some of the demo's terms are pending or failed: the same partial failure for both.
        #expect(one.status == two.status, "\(one.stderr)\n\(two.stderr)")
        #expect(!two.stderr.contains("cache: not keeping"), "every write waited its turn: \(two.stderrLines.filter { $0.contains("not keeping") })")
        let fetched = one.stdoutLines.filter { !$0.isEmpty }.count
        #expect(fetched == two.stdoutLines.filter { !$0.isEmpty }.count)
        #expect(cache.entryNames.filter { $0.hasPrefix("report-") }.count == fetched, "\(cache.entryNames)")
    }

    @Test func aSyncStoppedByCtrlCIsResumed() async throws {
        let cache = CacheHome()
        // One interview stalls once: the sync (one at a time, oldest first) waits there until Ctrl-C.
        let server = try await FaultyReferenceServer.start(
            faults: #"{"rules": [{"path": "/v1/interviews/1004", "kind": "stall", "times": 1}]}"#)
        defer { server.stop() }
        let environment = Self.environment(server.baseURL, cache)
        let process = try RunningProcess(Paths.report, ["sync", "--parallel", "1", "--jsonl"], environment: environment)
        #expect(try await eventually { process.stderrSoFar.isEmpty && process.stdoutSoFar.split(separator: "\n").count >= 2 })
        try await Task.sleep(for: .milliseconds(300))
        process.signal(SIGINT)
        let stopped = await process.result()
        #expect(stopped.status == 130, "\(stopped.stderr)")
        let brought = stopped.stdoutLines.filter { !$0.isEmpty }.count
        #expect(brought >= 2)

        let resumed = try await run(Paths.report, ["sync", "--json", "--verbose"], environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(resumed.stdout.utf8)) as? [String: Any])
        let counts = try #require(summary["summary"] as? [String: Any])
        #expect(counts["resumed"] as? Int == brought, "\(counts)")
        #expect((counts["synced"] as? Int ?? 0) + brought == counts["total"] as? Int)
        // The interviews the stopped sync brought in were not asked for again.
        for line in stopped.stdoutLines where !line.isEmpty {
            let term = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["term"] as? Int)
            #expect(!resumed.requestLines.contains { $0.contains("/v1/interviews/\(term)") || $0.contains("termNo=\(term)") },
                    "\(term) asked again")
        }
        // And a third sync starts afresh: nothing to resume, nothing downloaded.
        let third = try await run(Paths.report, ["sync", "--json"], environment: environment)
        let last = try #require(try JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [String: Any])
        #expect((last["summary"] as? [String: Any])?["resumed"] as? Int == 0)
        #expect((last["summary"] as? [String: Any])?["downloaded"] as? Int == 0)
    }
}
