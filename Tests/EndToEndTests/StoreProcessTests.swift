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
                                    environment: Self.environment(server.baseURL, cache))
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == killed.stdout)
        let info = try await run(Paths.report, ["cache", "info", "--json"], environment: Self.environment(server.baseURL, cache))
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
        // Only pending and failed analyses are not kept; every write of a finished one waited its turn.
        let refused = two.stderrLines.filter { $0.contains("cache: not keeping report-") || $0.contains("cache: not keeping interview-") }
        #expect(refused.isEmpty, "\(refused)")
        let ready = one.stdoutLines.filter { $0.contains(#""analysis":{"status":"ready"}"#) }.count
        #expect(ready == two.stdoutLines.filter { $0.contains(#""analysis":{"status":"ready"}"#) }.count)
        #expect(cache.entryNames.filter { $0.hasPrefix("report-") }.count == ready, "\(cache.entryNames)")
    }

    @Test func aSyncStoppedByCtrlCIsResumed() async throws {
        let cache = CacheHome()
        // One interview stalls once: the sync (one at a time, oldest first) waits there until Ctrl-C
        // — with timeouts longer than any starvation of this test, which the suites beside it can
        // hold up for longer than the default stall timeout (it once finished the sync first).
        let server = try await FaultyReferenceServer.start(
            faults: #"{"rules": [{"path": "/v1/interviews/1004", "kind": "stall", "times": 1}]}"#)
        defer { server.stop() }
        let environment = Self.environment(server.baseURL, cache)
        let process = try RunningProcess(Paths.report, ["sync", "--parallel", "1", "--jsonl", "--stall-timeout", "10m", "--timeout", "10m"],
                                         environment: environment)
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
        // What the stopped sync brought in: the interviews it printed, and one it had kept when Ctrl-C
        // cut its line short.
        let resumedCount = try #require(counts["resumed"] as? Int)
        #expect(resumedCount >= brought && resumedCount <= brought + 1, "\(counts)")
        #expect((counts["synced"] as? Int ?? 0) + resumedCount == counts["total"] as? Int)
        // The interviews the stopped sync brought in were not asked for again.
        for line in stopped.stdoutLines where !line.isEmpty {
            let term = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["term"] as? Int)
            #expect(!resumed.requestLines.contains { $0.contains("/v1/interviews/\(term)") || $0.contains("termNo=\(term)") },
                    "\(term) asked again")
        }
        // And a third sync starts afresh: nothing to resume, nothing downloaded.
        let third = try await run(Paths.report, ["sync", "--jsonl"], environment: environment)
        let summaryLine = try #require(third.stderrLines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect((summaryLine["summary"] as? [String: Any])?["resumed"] as? Int == 0)
        let downloaded = third.stdoutLines.filter { $0.contains("downloaded") }
        #expect(downloaded.isEmpty, "\(downloaded)")
    }
}
