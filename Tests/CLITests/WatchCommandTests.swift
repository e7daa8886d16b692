import Foundation
import Testing
import TestSupport

/// `report watch` against report-server, in-process: a term whose analysis finishes after some
/// polls (the demo's 1006, `readyAfterPolls: 2`, counted per server process: a server of its
/// own), terms already finished, `--wait-timeout`, `--exec` and the notifications of a terminal.
@Suite("report watch")
struct WatchCommandTests {
    func watch(_ arguments: [String], server: ReferenceServer = .demo, cache: CacheHome = CacheHome(),
               environment: [String: String] = [:], errorIsTerminal: Bool = false) async -> RunResult {
        var variables = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path]
        variables.merge(environment) { $1 }
        return await reportInProcess(["watch"] + arguments, environment: variables, columns: errorIsTerminal ? 80 : nil,
                                     errorIsTerminal: errorIsTerminal)
    }

    /// A folder of the test's own, removed with it.
    final class Folder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("report-watch-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func text(_ name: String) -> String { (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? "" }
    }

    @Test(.tags(.slow)) func aTermIsFollowedUntilItsAnalysisIsReadyAndItsReportIsKept() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let cache = CacheHome()
        let result = await watch(["1006", "--wait-timeout", "5m"], server: server, cache: cache)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "term 1006 is ready: 우아한형제들, Company interview\n")
        #expect(result.stderr == "", "no progress or notification on a pipe")
        // Kept as fetch keeps it: read back without asking the service.
        let kept = try await cachedReport(["fetch", "1006", "--offline", "--json"], cache: cache, server: server)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect((try kept.json()["analysis"] as? [String: Any])?["status"] as? String == "ready")
    }

    @Test func termsAlreadyFinishedAreNamedAtOnce() async throws {
        let result = await watch(["1001", "1002"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(result.stdoutLines.filter { !$0.isEmpty }) == [
            "term 1001 was already ready: 사람인, Company interview",
            "term 1002 was already ready: 카카오, Personality interview",
        ])
        let korean = await watch(["1001", "--lang", "ko"])
        #expect(korean.stdout == "면접 번호 1001의 분석은 이미 끝나 있습니다(사람인, 기업 면접).\n")
    }

    @Test(.tags(.slow)) func aTermStillRunningAfterTheTimeoutExits75() async throws {
        let result = await watch(["1005", "--wait-timeout", "2s"])
        #expect(result.status == 75)
        #expect(result.stdout == "")
        #expect(result.stderr == "report: term 1005: the analysis is still running; still not ready after waiting 2s\n")
        #expect(result.elapsed < .seconds(120), "gave up long before the default hour")
    }

    @Test(.tags(.slow)) func withoutTermsEveryPendingInterviewIsWatched() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        // 1005 never finishes, 1006 after two polls: one ready line, then 1005 pending at the timeout.
        let result = await watch(["--jsonl", "--wait-timeout", "20s"], server: server)
        #expect(result.status == 75, "\(result.stderr)")
        let events = try result.stdoutLines.filter { !$0.isEmpty }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(events.map { $0["term"] as? Int } == [1006, 1005])
        #expect(events.map { $0["status"] as? String } == ["ready", "pending"])
        #expect(events.first?["already"] as? Bool == false)
        #expect((events.first?["interview"] as? [String: Any])?["companyName"] as? String == "우아한형제들")
    }

    @Test func failedAnalysesAndUnknownTermsFollowTheBatchExitCodes() async throws {
        let result = await watch(["1008", "9999", "--jsonl"])
        #expect(result.status == 2, "a failed analysis (65) and a term not found (66): none succeeded, for different reasons")
        let events = try result.stdoutLines.filter { !$0.isEmpty }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let byTerm = Dictionary(uniqueKeysWithValues: events.map { ($0["term"] as? Int ?? 0, $0) })
        #expect(byTerm[1008]?["status"] as? String == "failed")
        #expect((byTerm[1008]?["error"] as? [String: Any])?["code"] as? String == "analysis_failed")
        #expect(byTerm[9999]?["status"] as? String == "error")
        #expect((byTerm[9999]?["error"] as? [String: Any])?["exitCode"] as? Int == 66)
    }

    @Test(.tags(.slow)) func execRunsACommandForEachFinishedTermWithoutAShell() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let folder = Folder()
        let log = folder.url.appendingPathComponent("finished.txt").path
        // The words are split by report, not by a shell: the shell is the one the user wrote.
        let result = await watch(["1001", "1006", "--wait-timeout", "5m",
                                  "--exec", "sh -c 'echo \"$REPORT_TERM $REPORT_STATUS ${REPORT_TOKEN:-no-token}\" >> \"$0\"' '\(log)'"], server: server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(folder.text("finished.txt").split(separator: "\n")) == ["1001 ready no-token", "1006 ready no-token"], "REPORT_TOKEN is not passed on")
        #expect(result.stdoutLines.contains("term 1006 is ready: 우아한형제들, Company interview"))
    }

    @Test func execOfAProgramThatIsNotThereIsAUsageError() async throws {
        let missing = await watch(["1001", "--exec", "no-such-program-for-report-watch --flag"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "report: --exec: no-such-program-for-report-watch is neither an executable file nor a program in PATH; give a program's path or its name in PATH; for a shell, write sh -c '…'\n")
        let unclosed = await watch(["1001", "--exec", "echo 'unclosed"])
        #expect(unclosed.status == 64)
        #expect(unclosed.stdout == "")
    }

    @Test func aTerminalIsNotifiedAndAPipeIsNot() async throws {
        let folder = Folder()
        let fake = folder.url.appendingPathComponent("notify-send")
        let calls = folder.url.appendingPathComponent("calls.txt").path
        try "#!/bin/sh\nprintf '%s|' \"$@\" >> '\(calls)'\necho >> '\(calls)'\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let path = folder.url.path + ":/usr/bin:/bin"

        let terminal = await watch(["1001"], environment: ["PATH": path], errorIsTerminal: true)
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(terminal.stderr.contains("\u{1B}]9;term 1001 was already ready: 사람인, Company interview\u{07}"))
        #expect(terminal.stderr.contains("\u{1B}]777;notify;report;term 1001 was already ready: 사람인, Company interview\u{07}"))
        #expect(folder.text("calls.txt") == "--app-name=report|--|report|term 1001 was already ready: 사람인, Company interview|\n")

        try? FileManager.default.removeItem(atPath: calls)
        let pipe = await watch(["1001"], environment: ["PATH": path])
        #expect(pipe.status == 0)
        #expect(!pipe.stderr.contains("\u{1B}]"))
        #expect(folder.text("calls.txt") == "", "notify-send is for a person at a terminal only")
    }
}
