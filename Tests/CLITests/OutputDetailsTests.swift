import Foundation
import Testing
import TestSupport

/// Details of the output a person or a script notices: notes on stderr, the pending message with
/// `--json`, the documents of `auth token` and `auth logout`.
@Suite("Output details, in-process")
struct OutputDetailsTests {
    private func demoEnvironment() -> [String: String] {
        ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]
    }

    @Test func aSectionTheKindDoesNotHaveIsNotedOnStandardError() async {
        let result = await reportInProcess(["fetch", "1002", "--section", "aptitude,tips"], environment: demoEnvironment())
        #expect(result.status == 0)
        #expect(result.stdout.contains("Tips"))
        #expect(result.stderr == "report: term 1002: a personality interview has no aptitude section\n")
        let korean = await reportInProcess(["fetch", "1002", "--section", "aptitude,tips", "--lang", "ko"], environment: demoEnvironment())
        #expect(korean.stderr == "report: 면접 번호 1002: 인성 면접에는 적성 검사(aptitude) 항목이 없습니다.\n")

        let asked = await reportInProcess(["fetch", "1001", "--section", "aptitude"], environment: demoEnvironment())
        #expect(asked.stderr == "", "a company interview has an aptitude section")
    }

    @Test func aBatchNotesAMissingSectionOncePerKind() async {
        let result = await reportInProcess(["fetch", "1002", "1031", "1032", "1003", "--section", "aptitude,character", "--jsonl"],
                                           environment: demoEnvironment())
        #expect(result.status == 0)
        let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("report: term") }
        #expect(notes == ["report: term 1002: a personality interview has no aptitude section",
                          "report: term 1003: a competency interview has no character section"])
        let korean = await reportInProcess(["fetch", "1002", "1031", "1032", "1003", "--section", "aptitude,character", "--lang", "ko"],
                                           environment: demoEnvironment())
        let koreanNotes = korean.stderr.split(separator: "\n").filter { $0.hasPrefix("report: 면접 번호") && $0.contains("항목이 없습니다") }
        #expect(koreanNotes == ["report: 면접 번호 1002: 인성 면접에는 적성 검사(aptitude) 항목이 없습니다.",
                                "report: 면접 번호 1003: 역량 면접에는 인성 분석(character) 항목이 없습니다."], "\(korean.stderr)")
    }

    @Test func withJSONAPendingAnalysisIsOneObjectOnStandardError() async throws {
        let result = await reportInProcess(["fetch", "1005", "--json"], environment: demoEnvironment())
        #expect(result.status == 75)
        #expect(try result.json()["analysis"] as? [String: String] == ["status": "pending"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "analysis_pending")
        #expect(error["exitCode"] as? Int == 75)
        #expect(error["hint"] as? String == "try again later or use --wait")
        #expect(!result.stderr.contains("title above"))
        #expect(result.stderr.hasSuffix("}\n") && result.stderr.split(separator: "\n").count == 1)

        let text = await reportInProcess(["fetch", "1005"], environment: demoEnvironment())
        #expect(text.stderr.contains("the title above is all there is so far"), "a person still reads it")
    }

    @Test func authTokenAndLogoutPrintDocumentsWithJSON() async throws {
        let token = await reportInProcess(["auth", "token", "--json"], environment: demoEnvironment())
        #expect(token.status == 0)
        #expect(try token.json()["accessToken"] as? String == "demo-access-42")
        #expect(try token.json()["schemaVersion"] as? Int == 1)

        let logout = await reportInProcess(["auth", "logout", "--json"], environment: demoEnvironment())
        #expect(logout.status == 0)
        let document = try logout.json()
        #expect(document["removed"] as? Bool == false)
        #expect(document["environmentTokenIsSet"] as? Bool == true)
        #expect(document["profile"] as? String == "default")
    }

    @Test func apiOnATerminalLaysOutAndColoursJSONAndEndsWithANewline() async throws {
        let plain = await reportInProcess(["api", "/v1/me"], environment: demoEnvironment(), columns: 80)
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("{\n  \"email\": \"eunmi.kim@example.com\",\n"))
        #expect(plain.stdout.hasSuffix("\n}\n"))

        let coloured = await reportInProcess(["api", "/v1/me", "--color", "always"], environment: demoEnvironment(), columns: 80)
        #expect(coloured.stdout.contains("\u{1B}[1;34m\"memIdx\"\u{1B}[0m: \u{1B}[36m42\u{1B}[0m"))

        let piped = await reportInProcess(["api", "/v1/me"], environment: demoEnvironment())
        #expect(piped.stdout == #"{"email":"eunmi.kim@example.com","memIdx":42,"name":"김은미"}"#, "raw bytes in a pipe")
    }
}
