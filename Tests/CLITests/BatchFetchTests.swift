import Foundation
import Testing
import TestSupport

/// `report fetch` with several terms, in-process: ordering, failures among good terms, bad
/// input lines, exit codes, against the demo data (1001–1004, 1007, 1009–1030 ready; 1005
/// pending; 1008 analysis failed; 2001 another member's; 9999 does not exist).
@Suite("report fetch, batches")
struct BatchFetchTests {
    static let goodTerms = ["1001", "1002", "1003", "1004", "1007"] + (1009...1023).map(String.init)

    func fetch(_ arguments: [String], token: String = "demo-access-42", stdin: String? = nil) async throws -> RunResult {
        await reportInProcess(["fetch"] + arguments,
                              environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": token], input: stdin ?? "")
    }

    static func terms(_ terms: [String]) -> [String] {
        terms.flatMap { ["--term", $0] }
    }

    /// The term numbers of the JSON Lines on stdout, in order.
    static func termNumbers(_ result: RunResult) throws -> [Int] { try result.termNumbers() }

    /// The JSON objects on stderr, one a line.
    static func stderrObjects(_ result: RunResult) throws -> [[String: Any]] { try result.stderrObjects() }

    static func temporaryFile(_ contents: String, name: String = "terms.txt") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file
    }

    @Test func twentyTermsFourAtATimeComeOutInInputOrderAndMatchTheSchema() async throws {
        // Reversed, so that input order is not also the order of the numbers.
        let order = Self.goodTerms.reversed().map { $0 }
        let result = try await fetch(Self.terms(order) + ["--jsonl", "--parallel", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.termNumbers(result) == order.map { Int($0)! })
        #expect(result.stdout.hasSuffix("\n"))
        let objects = try Self.stderrObjects(result)
        #expect(objects.count == 1, "only the summary on stderr, no progress line (stderr is not a terminal)")
        let summary = try #require(objects.first?["summary"] as? [String: Any])
        #expect(summary["total"] as? Int == 20)
        #expect(summary["fetched"] as? Int == 20)
        #expect(summary["failed"] as? Int == 0)
        #expect(summary["exitCode"] as? Int == 0)

        let file = try Self.temporaryFile(result.stdout, name: "reports.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let check = try await run(URL(fileURLWithPath: "/usr/bin/env"),
                                  ["python3", Paths.repository.appendingPathComponent("scripts/check_json_schema.py").path,
                                   Paths.repository.appendingPathComponent("schema/report.schema.json").path, file.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func unorderedPrintsTheSameSet() async throws {
        let result = try await fetch(Self.terms(Self.goodTerms) + ["--jsonl", "--parallel", "4", "--unordered"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.termNumbers(result).sorted() == Self.goodTerms.map { Int($0)! })
    }

    @Test func aFailingTermAmongGoodOnesExits1AndTheOthersAreComplete() async throws {
        let result = try await fetch(Self.terms(["1001", "2001", "1002", "1003"]) + ["--jsonl", "--parallel", "2"])
        #expect(result.status == 1)
        #expect(try Self.termNumbers(result) == [1001, 1002, 1003])
        let objects = try Self.stderrObjects(result)
        #expect(objects.count == 2, "one error line and the summary: \(result.stderr)")
        let error = try #require(objects.first)
        #expect(error["term"] as? Int == 2001)
        let body = try #require(error["error"] as? [String: Any])
        #expect(body["code"] as? String == "forbidden")
        #expect(body["exitCode"] as? Int == 77)
        let summary = try #require(objects.last?["summary"] as? [String: Any])
        #expect(summary["fetched"] as? Int == 3)
        #expect(summary["failed"] as? Int == 1)
        #expect(summary["exitCode"] as? Int == 1)
    }

    @Test func errorLinesAndTheSummaryAreTextWithoutJSONL() async throws {
        let result = try await fetch(Self.terms(["1001", "1008", "9999", "1002"]))
        #expect(result.status == 1)
        let lines = result.stderrLines
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("report: term 1008: ") && $0.hasSuffix("(exit 65 analysis_failed)") })
        #expect(lines.contains { $0.hasPrefix("report: term 9999: ") && $0.hasSuffix("(exit 66 not_found)") })
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix("report: 2 of 4 fetched, 2 failed ("))
        #expect(summary.contains("1 analysis failed"))
        #expect(summary.contains("1 not found"))
        #expect(summary.hasSuffix(" s") || summary.hasSuffix(" ms"))

        let korean = try await fetch(Self.terms(["1001", "1008", "9999", "1002"]) + ["--lang", "ko"])
        #expect(korean.status == 1)
        let koreanLines = korean.stderrLines
        #expect(koreanLines.contains("report: 면접 번호 1008: 이 면접은 분석 리포트를 만들지 못했습니다(종료 코드 65)."), "\(korean.stderr)")
        #expect(koreanLines.contains("report: 면접 번호 9999: 이 번호의 면접이 없습니다(HTTP 404)(종료 코드 66)."), "\(korean.stderr)")
        let koreanSummary = try #require(koreanLines.last)
        #expect(koreanSummary.hasPrefix("report: 4건 중 2건을 가져왔고 2건은 실패했습니다(분석 실패 1건, 면접 없음 1건, "), "\(koreanSummary)")
        #expect(koreanSummary.hasSuffix(" s).") || koreanSummary.hasSuffix(" ms)."))
        // Two reports for a person, the second after a rule; nothing of 1008 or 9999.
        #expect(result.stdout.components(separatedBy: "term 1001 · analysis").count == 2)
        #expect(result.stdout.components(separatedBy: "term 1002 · analysis").count == 2)
        #expect(result.stdout.contains("────"))
        #expect(!result.stdout.contains("term 1008"))
    }

    @Test func aPendingAnalysisIsWrittenButDoesNotCountAsFetched() async throws {
        let result = try await fetch(Self.terms(["1005", "1001"]) + ["--jsonl"])
        #expect(result.status == 1)
        let lines = result.stdoutLines.filter { !$0.isEmpty }
        #expect(lines.count == 2)
        let pending = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect((pending["analysis"] as? [String: Any])?["status"] as? String == "pending")
        let error = try #require(try Self.stderrObjects(result).first)
        #expect(error["term"] as? Int == 1005)
        #expect((error["error"] as? [String: Any])?["exitCode"] as? Int == 75)

        let alone = try await fetch(["--term", "1005", "--jsonl"])
        #expect(alone.status == 75, "a batch where nothing succeeded, for one reason, exits with its code")
        #expect(alone.stdoutLines.filter { !$0.isEmpty }.count == 1)
    }

    @Test func everyTermFailingForOneReasonExitsWithItsCode() async throws {
        let secret = "wrong-token-5f4dcc3b5aa765d6"
        let result = try await fetch(Self.terms(["1001", "1002", "1003"]), token: secret)
        #expect(result.status == 4)
        #expect(result.stdout == "")
        #expect(!result.stderr.contains(secret))
        let lines = result.stderrLines
        #expect(lines.count == 4, "\(result.stderr)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("(exit 4 unauthorized)") })
        #expect(lines.last?.hasPrefix("report: 0 of 3 fetched, 3 failed (3 unauthorized)") == true)
        #expect(lines.last?.contains("REPORT_TOKEN") == true, "says what to do once")
    }

    @Test func everyTermFailingForDifferentReasonsExits2() async throws {
        let result = try await fetch(Self.terms(["2001", "9999"]) + ["--jsonl"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let objects = try Self.stderrObjects(result)
        #expect(Set(objects.compactMap { $0["term"] as? Int }) == [2001, 9999])
        #expect((objects.last?["summary"] as? [String: Any])?["exitCode"] as? Int == 2)
    }

    @Test func badLinesAreReportedWithTheirNumbersAndSkipped() async throws {
        let file = try Self.temporaryFile("""
            1001

            # a comment
            abc
              1002\t
            0
            1003 # the competency one\r
            \(String(repeating: "9", count: 5000))
            1004
            """)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try await fetch(["--terms-from", file.path, "--parallel", "3"])
        #expect(result.status == 1, "bad lines count as failed")
        #expect(result.stdout.components(separatedBy: " · analysis ").count == 5, "four reports")
        let lines = result.stderrLines
        #expect(lines.contains("report: \(file.path):4: 'abc' is not a term number; skipped"))
        #expect(lines.contains("report: \(file.path):6: '0' is not a term number; skipped"))
        #expect(lines.contains { $0.hasPrefix("report: \(file.path):8: '9999") && $0.hasSuffix("…' is not a term number; skipped") })
        #expect(lines.count == 4, "\(result.stderr)")
        #expect(lines.last?.hasPrefix("report: 4 of 7 fetched, 3 failed (3 not a term number)") == true)
    }

    @Test func aMissingFileExits66BeforeFetching() async throws {
        let result = try await fetch(["--terms-from", "/nonexistent/terms.txt"])
        #expect(result.status == 66)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("cannot read /nonexistent/terms.txt"))
    }

    @Test func oneTermWithJSONLIsABatchOfOne() async throws {
        let result = try await fetch(["--term", "1001", "--jsonl"])
        #expect(result.status == 0)
        #expect(try Self.termNumbers(result) == [1001])
        #expect(try Self.stderrObjects(result).first?["summary"] != nil)
    }

    @Test(arguments: [
        ["--term", "1001", "--term", "1002", "--json"],
        ["--terms-from", "-", "--json"],
        ["--term", "1001", "--json", "--jsonl"],
        ["--term", "1001", "--term", "1002", "--parallel", "0"],
        ["--term", "1001", "--parallel", "65"],
        [],
    ])
    func badCombinationsAreUsageErrors(arguments: [String]) async throws {
        let result = try await fetch(arguments, stdin: "1001\n")
        #expect(result.status == 64)
        #expect(result.stdout == "")
    }

    @Test func jsonWithSeveralTermsSaysToUseJSONL() async throws {
        let result = try await fetch(["--term", "1001", "--term", "1002", "--json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--jsonl"))
    }

    @Test func aSingleTermIsUnchanged() async throws {
        let result = try await fetch(["--term", "1001", "--json", "--parallel", "3"])
        #expect(result.status == 0)
        #expect(result.stderr == "", "no summary for one term")
        #expect(try result.json()["schemaVersion"] as? Int == 1)
    }

    /// A batch keeps a connection for each request in flight: with `--parallel 1` a term's two
    /// requests go out at once, on two connections, over HTTP/1.1. The server holds each response
    /// until two requests have arrived. Before, a batch kept one connection a term, and the report
    /// request of a term waited for its interview's.
    @Test func aBatchSendsEachTermsRequestsAtOnceOverHTTP1() async throws {
        let record = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Paths.demoData.appendingPathComponent("interviews/1001.json"))) as? [String: Any]
        var interview = try #require(record?["interview"] as? [String: Any])
        let report = try JSONSerialization.data(withJSONObject: ["result": try #require(record?["report"])])
        let arrivals = Arrivals()
        func answer(_ body: Data) -> LoopbackServer.Handler { LoopbackServer.heldJSON(Array(body), until: 2, arrivals: arrivals) }
        var routes = ["/v1/analysis/report": answer(report)]
        for term in [1001, 1002] {
            interview["termNo"] = term
            routes["/v1/interviews/\(term)"] = answer(try JSONSerialization.data(withJSONObject: interview))
        }
        let server = try LoopbackServer(routes: routes)
        defer { server.stop() }

        let result = await reportInProcess(["fetch", "--term", "1001", "--term", "1002", "--parallel", "1", "--jsonl", "--no-cache"],
                                           environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.termNumbers(result) == [1001, 1002])
        let first = server.requests.filter { $0.path == "/v1/interviews/1001" || $0.query == "termNo=1001" }
        #expect(first.count == 2)
        #expect(Set(first.map(\.connection)).count == 2, "connections: \(server.requests.map { ($0.target, $0.connection) })")
    }
}
