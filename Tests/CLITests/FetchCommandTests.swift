import Foundation
import Testing
import TestSupport

/// `report fetch` in-process against the built `report-server` on an ephemeral loopback port, with
/// stdout, stderr and the exit status each checked.
@Suite("report fetch")
struct FetchCommandTests {
    static let token = "demo-access-42"

    func fetch(_ arguments: String..., token: String? = FetchCommandTests.token,
               baseURL: String? = nil) async throws -> RunResult {
        var environment = ["REPORT_BASE_URL": baseURL ?? ReferenceServer.demo.baseURL]
        if let token { environment["REPORT_TOKEN"] = token }
        return await reportInProcess(["fetch"] + arguments, environment: environment)
    }

    @Test func aCompanyInterviewPrintsEverySectionForAPerson() async throws {
        let result = try await fetch("--term", "1001")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("사람인"))
        #expect(result.stdout.contains("term 1001 · analysis ready"))
        let headings = result.stdoutLines.filter { ["Tips", "Character", "Aptitude", "Keywords"].contains(where: $0.hasPrefix) }
        #expect(headings.map { String($0.prefix(while: { $0 != " " })) } == ["Tips", "Character", "Aptitude", "Keywords"])
        #expect(result.stdout.contains("크래시율 개선 · 코드 리뷰"), "keywords as the service wrote them")
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func jsonIsOneDocumentWithTheSectionsOfTheKindInOrder() async throws {
        let result = try await fetch("--term", "1001", "--json")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let document = try result.json()
        #expect(document["schemaVersion"] as? Int == 1)
        let interview = try #require(document["interview"] as? [String: Any])
        #expect(interview["termNo"] as? Int == 1001)
        #expect(interview["itemTypeCode"] as? String == "COMPANY")
        #expect((document["analysis"] as? [String: Any])?["status"] as? String == "ready")
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["name"] as? String } == ["tips", "character", "aptitude", "keywords"])
        #expect(sections.allSatisfy { $0["available"] as? Bool == true })
        #expect(result.stdoutLines.filter { !$0.isEmpty }.count == 1, "one line for a pipe")
    }

    @Test(arguments: [
        ("1002", "PERSONALITY", ["tips", "character", "keywords"]),
        ("1003", "COMPETENCY", ["tips", "aptitude", "keywords"]),
    ])
    func eachKindShowsItsOwnSections(term: String, kind: String, sections: [String]) async throws {
        let result = try await fetch("--term", term, "--json")
        #expect(result.status == 0)
        let document = try result.json()
        #expect((document["interview"] as? [String: Any])?["itemTypeCode"] as? String == kind)
        #expect((document["sections"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == sections)
    }

    @Test func aNullSectionIsMarkedNotAvailable() async throws {
        let json = try await fetch("--term", "1004", "--json")
        #expect(json.status == 0)
        let sections = try #require(try json.json()["sections"] as? [[String: Any]])
        let character = try #require(sections.first { $0["name"] as? String == "character" })
        #expect(character["available"] as? Bool == false)
        #expect(character["data"] is NSNull)

        let text = try await fetch("--term", "1004")
        #expect(text.status == 0)
        let lines = text.stdoutLines
        let index = try #require(lines.firstIndex { $0.hasPrefix("Character") })
        #expect(lines[index + 1].trimmingCharacters(in: .whitespaces) == "not available")
    }

    @Test func anUnknownKindShowsTheSectionsThatHaveData() async throws {
        let result = try await fetch("--term", "1007", "--json")
        #expect(result.status == 0)
        let sections = try #require(try result.json()["sections"] as? [[String: Any]])
        #expect(sections.allSatisfy { $0["available"] as? Bool == true })
        #expect(sections.compactMap { $0["name"] as? String }.first == "tips")
    }

    @Test func aPendingAnalysisPrintsTheTitleAndExits75() async throws {
        let text = try await fetch("--term", "1005")
        #expect(text.status == 75)
        #expect(text.stdout.contains("analysis pending"))
        #expect(text.stderrLines.count == 1)
        #expect(text.stderr == "report: term 1005: the analysis is still running; the title above is all there is so far; try again later or use --wait\n")
        let korean = try await fetch("--term", "1005", "--lang", "ko")
        #expect(korean.status == 75)
        #expect(korean.stderr == "report: 면접 번호 1005: 아직 분석 중입니다. 지금은 면접 정보만 볼 수 있습니다. 잠시 후 다시 확인하거나 --wait 옵션을 사용해 주세요.\n")

        let json = try await fetch("--term", "1005", "--json")
        #expect(json.status == 75)
        let document = try json.json()
        #expect((document["analysis"] as? [String: Any])?["status"] as? String == "pending")
        #expect((document["sections"] as? [Any])?.isEmpty == true)
    }

    @Test func aFailedAnalysisExits65WithNothingOnStdout() async throws {
        let result = try await fetch("--term", "1008")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
    }

    @Test func anUnknownTermExits66WithOneLineOnStderr() async throws {
        let result = try await fetch("--term", "999999")
        #expect(result.status == 66)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("report: term 999999: "))
        // Said once, with the next step.
        #expect(result.stderr == "report: term 999999: there is no interview with this term number (HTTP 404); `report list` shows your interviews and their term numbers\n")
    }

    @Test func anotherMembersInterviewExits77() async throws {
        let result = try await fetch("--term", "2001")
        #expect(result.status == 77)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
    }

    @Test func noTokenExits4AndSaysWhatToDo() async throws {
        let result = try await fetch("--term", "1001", token: nil)
        #expect(result.status == 4)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("REPORT_TOKEN"))
    }

    @Test func aRejectedTokenExits4AndIsNeverPrinted() async throws {
        let secret = "wrong-token-d41d8cd98f00b204"
        let result = try await fetch("--term", "1001", "--json", token: secret)
        #expect(result.status == 4)
        #expect(result.stdout == "")
        #expect(!result.stderr.contains(secret))
        let error = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        let body = try #require(error?["error"] as? [String: Any])
        #expect(body["code"] as? String == "unauthorized")
        #expect(body["exitCode"] as? Int == 4)
        #expect(body["httpStatus"] as? Int == 401)
    }

    @Test(arguments: ["abc", "0", "-3", "4294967296", ""])
    func aBadTermIsAUsageError(term: String) async throws {
        let result = try await fetch("--term", term)
        #expect(result.status == 64)
        #expect(result.stdout == "")
    }

    @Test func anUnreachableServiceExits68() async throws {
        let result = try await fetch("--term", "1001", baseURL: "http://127.0.0.1:9")
        #expect(result.status == 68)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("could not reach the service"))
    }

    @Test(arguments: ["ftp://example.com", "not a url", "http://"])
    func aBadBaseURLFlagIsAUsageError(baseURL: String) async throws {
        let result = await reportInProcess(["fetch", "--term", "1001", "--base-url", baseURL],
                                           environment: ["REPORT_TOKEN": Self.token])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
    }

    @Test func aBadBaseURLInTheEnvironmentIsAConfigurationError() async throws {
        let result = try await fetch("--term", "1001", baseURL: "gopher://x")
        #expect(result.status == 78)
        #expect(result.stdout == "")
    }

    @Test func theFlagOverridesTheEnvironment() async throws {
        let result = await reportInProcess(["fetch", "--term", "1001", "--base-url", ReferenceServer.demo.baseURL],
                                           environment: ["REPORT_TOKEN": Self.token, "REPORT_BASE_URL": "http://127.0.0.1:9"])
        #expect(result.status == 0)
    }

    @Test func versionIsPrinted() async throws {
        let result = try await report("--version")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("report "))
    }

    @Test func jsonOutputMatchesThePublishedSchema() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for term in ["1001", "1002", "1003", "1004", "1005", "1007"] {
            let result = try await fetch("--term", term, "--json")
            let file = directory.appendingPathComponent("\(term).json")
            try Data(result.stdout.utf8).write(to: file)
            files.append(file.path)
        }
        let check = try await run(URL(fileURLWithPath: "/usr/bin/env"),
                            ["python3", Paths.repository.appendingPathComponent("scripts/check_json_schema.py").path,
                             Paths.repository.appendingPathComponent("schema/report.schema.json").path] + files)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// The interview and report requests of one fetch go out at once over HTTP/1.1, on two
    /// connections: the server holds each response until both requests have arrived. Before, the
    /// report request waited for the interview's connection and then followed it on that connection.
    @Test func oneFetchSendsItsRequestsAtOnceOverHTTP1() async throws {
        let record = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Paths.demoData.appendingPathComponent("interviews/1001.json"))) as? [String: Any]
        let interview = try JSONSerialization.data(withJSONObject: try #require(record?["interview"]))
        let report = try JSONSerialization.data(withJSONObject: ["result": try #require(record?["report"])])
        let arrivals = Arrivals()
        func answer(_ body: Data) -> LoopbackServer.Handler { LoopbackServer.heldJSON(Array(body), until: 2, arrivals: arrivals) }
        let server = try LoopbackServer(routes: [
            "/v1/interviews/1001": answer(interview),
            "/v1/analysis/report": answer(report),
        ])
        defer { server.stop() }

        let result = try await fetch("--term", "1001", "--json", "--no-cache", baseURL: server.baseURL)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.map(\.path).sorted() == ["/v1/analysis/report", "/v1/interviews/1001"])
        #expect(Set(server.requests.map(\.connection)).count == 2,
                "connections of the requests: \(server.requests.map(\.connection))")
    }

    /// A question of the video section that wraps on a narrow terminal keeps a hanging indent:
    /// its lines after the first start under the question's text, not under `Q3.`, in both
    /// languages (review row 39).
    @Test(arguments: [[], ["--lang", "ko"]])
    func aWrappedQuestionHangsUnderItsText(_ language: [String]) async {
        let result = await reportInProcess(["fetch", "1001", "--section", "video"] + language,
                                           environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": Self.token],
                                           columns: 40)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        var wrapped = 0
        for (index, line) in lines.enumerated() {
            guard let label = line.wholeMatch(of: #/  (Q[0-9]+\. ).*/#)?.1 else { continue }
            // The lines of the question: those after it indented deeper than the measures (4 columns).
            let rest = lines[(index + 1)...].prefix { $0.hasPrefix("     ") }
            wrapped += rest.count
            #expect(rest.allSatisfy { $0.hasPrefix(String(repeating: " ", count: 2 + label.count)) && $0.dropFirst(2 + label.count).first != " " },
                    "\(rest)")
            // The line right after the question is never back under its label.
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            #expect(!next.hasPrefix("  ") || next.hasPrefix("    "), "\(line) / \(next)")
        }
        #expect(wrapped > 0, "a question wraps at 40 columns: \(result.stdout)")
    }
}
