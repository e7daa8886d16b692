import Foundation
import Testing
import TestSupport

/// `report compare` and `report trend` on the demo data (1031–1035: five personality interviews
/// a month apart, scores rising; the rest of member 42's history mixed), in-process against the
/// reference server. The human output at three widths is in the golden files.
@Suite("compare and trend, end to end")
struct ProgressCommandTests {
    func report(_ arguments: [String]) async -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"])
    }

    @Test func compareShowsEachTraitsChangeFromTheFirstTermToTheSecond() async throws {
        let result = await report(["compare", "1031", "1035", "--json"])
        #expect(result.status == 0)
        let document = try result.json()
        #expect((document["before"] as? [String: Any])?["termNo"] as? Int == 1031)
        let traits = try #require(document["traits"] as? [[String: Any]])
        #expect(traits.map { $0["name"] as? String } == ["책임감", "협업 능력", "도전 정신", "공감 능력", "스트레스 관리"])
        #expect(traits.map { $0["change"] as? Int } == [14, 16, 24, 9, 32])
        #expect((document["games"] as? [Any])?.isEmpty == true, "a personality report shows no aptitude")
        #expect(document["sectionsOnlyBefore"] as? [String] == [])
    }

    @Test func compareAcrossKindsSaysWhatOnlyOneHas() async throws {
        let document = try await report(["compare", "1002", "1001", "--json"]).json()
        #expect(document["sectionsOnlyAfter"] as? [String] == ["aptitude"])
        let responsibility = try #require((document["traits"] as? [[String: Any]])?.first { $0["name"] as? String == "책임감" })
        #expect(responsibility["before"] as? Int == 67 && responsibility["after"] as? Int == 86 && responsibility["change"] as? Int == 19)
        let empathy = try #require((document["traits"] as? [[String: Any]])?.first { $0["name"] as? String == "공감 능력" })
        #expect(empathy["after"] is NSNull && empathy["change"] is NSNull)
        let aptitude = try #require(document["aptitude"] as? [String: Any])
        #expect(aptitude["before"] is NSNull && aptitude["gradeSteps"] is NSNull)
    }

    @Test func compareLatestTakesTheTwoNewestFinishedOlderFirst() async throws {
        let document = try await report(["compare", "--latest", "2", "--json"]).json()
        // 1005 and 1006 are pending: the newest finished are 1001 (Nov 2) and 1002 (Oct 30).
        #expect((document["before"] as? [String: Any])?["termNo"] as? Int == 1002)
        #expect((document["after"] as? [String: Any])?["termNo"] as? Int == 1001)
    }

    @Test(arguments: [
        (["compare", "1001"], "give exactly two terms to compare, not 1"),
        (["compare", "1001", "1002", "1003"], "give exactly two terms to compare, not 3"),
        (["compare", "--latest", "3"], "--latest compares two reports: give --latest 2, not 3"),
        (["compare", "1001", "1002", "--latest", "2"], "give two terms or --latest 2, not both"),
        (["compare", "1001", "1002", "--kind", "company"], "--kind goes with --latest (the terms given say their kind)"),
        (["trend", "--since", "2026-13-01"], "invalid --since '2026-13-01': give a date as YYYY-MM-DD, e.g. 2026-01-01"),
        (["trend", "--last", "1"], "invalid --last 1: a trend needs at least 2 interviews"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async {
        let result = await report(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("report: \(message)"), "\(result.stderr)")
    }

    @Test func aPendingOrFailedAnalysisCannotBeCompared() async {
        let pending = await report(["compare", "1001", "1005"])
        #expect(pending.status == 75)
        let failed = await report(["compare", "1008", "1001"])
        #expect(failed.status == 65)
        #expect(pending.stdout == "" && failed.stdout == "")
    }

    @Test func trendFollowsTheSeriesOldestFirst() async throws {
        let document = try await report(["trend", "--kind", "personality", "--since", "2025-10-01", "--last", "20", "--json"]).json()
        let reports = try #require(document["reports"] as? [[String: Any]])
        #expect(reports.first?["termNo"] as? Int == 1031, "oldest first")
        #expect(reports.allSatisfy { $0["itemTypeCode"] as? String == "PERSONALITY" && $0["analysisStatus"] as? String == "DONE" })
        let traits = try #require(document["traits"] as? [[String: Any]])
        let responsibility = try #require(traits.first { $0["name"] as? String == "책임감" })
        let points = try #require(responsibility["points"] as? [[String: Any]])
        #expect(points.prefix(5).map { $0["value"] as? Int } == [72, 75, 79, 83, 86])
        #expect((responsibility["first"] as? [String: Any])?["termNo"] as? Int == 1031)

        let five = try await report(["trend", "--kind", "personality", "--last", "5", "--json"]).json()
        #expect((five["reports"] as? [Any])?.count == 5)
        #expect(five["games"] as? [Any] != nil)
    }

    @Test func trendJSONLinesAreOneSeriesALineThenTheAptitude() async throws {
        let result = await report(["trend", "--kind", "company", "--jsonl"])
        #expect(result.status == 0)
        let lines = result.stdoutLines.filter { !$0.isEmpty }
        let kinds = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["kind"] as? String }
        #expect(kinds.last == "aptitude")
        #expect(kinds.contains("trait") && kinds.contains("game"))
    }

    @Test func tooFewFinishedInterviewsIsNotFoundWithAHint() async {
        let result = await report(["trend", "--since", "2030-01-01"])
        #expect(result.status == 66)
        #expect(result.stderr == "report: trend: needs at least two interviews whose analysis is done, found 0; take in more interviews: widen --kind, --since or --last (report list --status done shows them)\n")
    }
}
