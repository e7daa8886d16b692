import Foundation
import Testing
import TestSupport

/// `trend` and `compare --latest` over a service whose list names interviews that can no longer be
/// fetched (report-server answering 404 for the reports of 1002, 1033 and 1035): they failed whole with
/// "the resource was not found … take in more interviews", showing nothing. Now they show what
/// could be fetched, name each report left out and why on stderr, and exit 1 (as a batch with
/// some terms failed does); only with fewer than two reports left do they fail whole.
@Suite("trend and compare --latest: reports that cannot be fetched are left out")
struct ProgressLeftOutTests {
    static let gone = #"{"rules": [{"path": "/v1/analysis/report", "term": 1033, "kind": "status", "status": 404},"#
        + #" {"path": "/v1/analysis/report", "term": 1035, "kind": "status", "status": 404},"#
        + #" {"path": "/v1/analysis/report", "term": 1002, "kind": "status", "status": 404}]}"#

    func report(_ server: FaultyReferenceServer, _ arguments: String...) async -> RunResult {
        await reportInProcess(arguments + ["--base-url", server.baseURL], environment: ["REPORT_TOKEN": "demo-access-42", "NO_COLOR": "1"])
    }

    static func leftOutLine(_ term: Int) -> String {
        "report: term \(term): there is no interview with this term number (HTTP 404); left out (exit 66 not_found)"
    }

    @Test func trendShowsTheRestAndNamesEachReportLeftOut() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.gone)
        defer { server.stop() }
        // The demo's personality interviews 1031–1035, a month apart.
        let text = await report(server, "trend", "--kind", "personality", "--until", "2026-02-28", "--no-pager")
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stderrLines == [Self.leftOutLine(1033), Self.leftOutLine(1035)])
        #expect(text.stdout.contains("2025-10-14") && text.stdout.contains("2026-01-13") && !text.stdout.contains("2026-02-10"), "\(text.stdout)")

        let json = await report(server, "trend", "--kind", "personality", "--until", "2026-02-28", "--json")
        #expect(json.status == 1, "\(json.stderr)")
        let reports = try #require(try json.json()["reports"] as? [[String: Any]])
        #expect(reports.compactMap { $0["termNo"] as? Int } == [1031, 1032, 1034])
        let errors = try json.stderrLines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(errors.map { $0["term"] as? Int } == [1033, 1035])
        #expect(errors.allSatisfy { ($0["error"] as? [String: Any])?["code"] as? String == "not_found" })
    }

    @Test func compareLatestPassesOverTheNewestItCannotFetch() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.gone)
        defer { server.stop() }
        let result = await report(server, "compare", "--latest", "2", "--kind", "personality", "--json")
        #expect(result.status == 1, "\(result.stderr)")
        let document = try result.json()
        // The newest personality interview, 1002, is gone: the two before it are compared.
        #expect((document["before"] as? [String: Any])?["termNo"] as? Int == 1013, "\(document)")
        #expect((document["after"] as? [String: Any])?["termNo"] as? Int == 1010, "\(document)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(#""term":1002"#), "\(result.stderr)")
    }

    @Test func fewerThanTwoLeftFailsWholeAndSaysWhy() async throws {
        let server = try await FaultyReferenceServer.start(faults: Self.gone)
        defer { server.stop() }
        let result = await report(server, "trend", "1033", "1034")
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderrLines == [
            Self.leftOutLine(1033),
            "report: trend: needs two reports whose analysis is done, and only 1 could be fetched (1 left out); the lines above say why each was left out",
        ])

        let korean = await report(server, "trend", "1033", "1034", "--lang", "ko")
        #expect(korean.status == 66)
        #expect(korean.stderrLines.last == "report: trend: 분석이 끝난 리포트가 두 개 필요한데 1개만 가져올 수 있었습니다(1개 제외). 리포트마다 뺀 까닭은 위 줄에서 볼 수 있습니다.")
    }
}
