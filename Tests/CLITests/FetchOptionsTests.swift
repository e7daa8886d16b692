import Foundation
import Testing
import TestSupport

/// `report fetch --section`, `--wait`, and what a 503 tells the user, in-process.
@Suite("report fetch options")
struct FetchOptionsTests {
    func fetch(_ arguments: String..., server: ReferenceServer = .demo) async throws -> RunResult {
        await reportInProcess(["fetch"] + arguments,
                              environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"])
    }

    @Test func sectionsSelectsWhatIsPrintedInTheKindsOrder() async throws {
        let result = try await fetch("--term", "1001", "--section", "keywords,tips", "--json")
        #expect(result.status == 0)
        let sections = try #require(try result.json()["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["name"] as? String } == ["tips", "keywords"])
    }

    @Test func videoIsASectionFetchedWhenAskedFor() async throws {
        let result = try await fetch("--term", "1001", "--section", "aptitude", "--section", "video", "--json")
        #expect(result.status == 0)
        let sections = try #require(try result.json()["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["name"] as? String } == ["aptitude", "video"])
        let video = try #require(sections.last?["data"] as? [String: Any])
        #expect((video["questions"] as? [Any])?.isEmpty == false)

        let text = try await fetch("--term", "1001", "--section", "video")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Video interview"))
        #expect(text.stdout.contains("Q1."))
        #expect(!text.stdout.contains("Tips"))
    }

    @Test func videoIsNotFetchedUnlessAskedFor() async throws {
        let result = try await fetch("--term", "1001", "--json")
        let sections = try #require(try result.json()["sections"] as? [[String: Any]])
        #expect(!sections.contains { $0["name"] as? String == "video" })
    }

    @Test func anUnknownSectionIsAUsageError() async throws {
        let result = try await fetch("--term", "1001", "--section", "tips,bogus")
        #expect(result.status == 64)
        #expect(result.stdout == "")
    }

    @Test(.tags(.slow)) func waitPollsUntilTheAnalysisIsReady() async throws {
        // A server of its own: the demo's term 1006 becomes ready after two polls per process.
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let result = try await fetch("--term", "1006", "--wait", "--json", server: server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try result.json()["analysis"] as? [String: Any])?["status"] as? String == "ready")
        #expect(result.stderr == "", "no progress line when stderr is not a terminal")
    }

    @Test func withoutWaitAPendingAnalysisExits75() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let result = try await fetch("--term", "1006", server: server)
        #expect(result.status == 75)
        #expect(result.stderr.contains("--wait"))
    }

    @Test(.tags(.slow)) func waitGivesUpAfterTheTimeoutWith75() async throws {
        let result = try await fetch("--term", "1005", "--wait", "--wait-timeout", "2s")
        #expect(result.status == 75)
        // The run's own time (from its start, not from the test's, which may first wait for an
        // in-process slot): well under the 10-minute default on however busy a machine.
        #expect(result.elapsed < .seconds(120), "gave up long before the 10-minute default")
        #expect(result.stderr.contains("still not ready after waiting 2s"))
    }

    @Test(arguments: ["0s", "abc", "-5s"])
    func aBadWaitTimeoutIsAUsageError(value: String) async throws {
        let result = try await fetch("--term", "1005", "--wait", "--wait-timeout", value)
        #expect(result.status == 64)
    }

    @Test func maintenanceIsExplainedByTheServiceStatus() async throws {
        let server = try await ReferenceServer.start(extraArguments: [
            "--maintenance", "서버 점검 중입니다", "--maintenance-until", "2026-11-21T14:00:00+09:00",
        ])
        defer { server.stop() }
        for arguments in [["--term", "1001"], ["--term", "1001", "--section", "video"]] {
            let result = await reportInProcess(["fetch"] + arguments,
                                               environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"])
            #expect(result.status == 69)
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains("under maintenance until 2026-11-21 14:00 KST: 서버 점검 중입니다"))
            let korean = await reportInProcess(["fetch", "--lang", "ko"] + arguments,
                                               environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"])
            #expect(korean.status == 69)
            #expect(korean.stderr == "report: 면접 번호 1001: 서비스 점검 중입니다(2026년 11월 21일 14:00까지). 잠시 후 다시 시도해 주세요.\n",
                    "\(korean.stderr)")
        }
    }
}
