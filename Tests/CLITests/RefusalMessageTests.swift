import Foundation
import Testing
import TestSupport

/// What the service refuses about one interview is said once, with the next step, in the member's
/// language; the `--json` document keeps the English message in every language.
@Suite("Refusals said once, with the next step")
struct RefusalMessageTests {
    private func demoEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"].merging(extra) { $1 }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let term: String
        let status: Int32
        let english: String
        let korean: String
        var testDescription: String { "term \(term)" }
    }

    static let refusals: [Refusal] = [
        Refusal(term: "2001", status: 77,
                english: "report: term 2001: this interview belongs to another member (HTTP 403); `report list` shows your own interviews",
                korean: "report: 면접 번호 2001: 다른 회원의 면접이라 볼 수 없습니다(HTTP 403). 내 면접은 `report list`로 볼 수 있습니다."),
        Refusal(term: "9999", status: 66,
                english: "report: term 9999: there is no interview with this term number (HTTP 404); `report list` shows your interviews and their term numbers",
                korean: "report: 면접 번호 9999: 이 번호의 면접이 없습니다(HTTP 404). 내 면접과 면접 번호는 `report list`로 볼 수 있습니다."),
        Refusal(term: "1008", status: 65,
                english: "report: term 1008: the service could not analyse this interview; this interview has no report: take the interview again; `report list --status done` shows the reports you have",
                korean: "report: 면접 번호 1008: 이 면접은 분석 리포트를 만들지 못했습니다. 면접을 다시 진행해 주세요. 다른 분석 리포트는 `report list --status done`으로 볼 수 있습니다."),
    ]

    @Test(arguments: refusals)
    func theRefusalIsSaidOnceWithTheNextStep(_ refusal: Refusal) async throws {
        let english = await reportInProcess(["fetch", refusal.term, "--lang", "en"], environment: demoEnvironment())
        #expect(english.status == refusal.status, "\(english.stderr)")
        #expect(english.stderr == refusal.english + "\n")
        let korean = await reportInProcess(["fetch", refusal.term, "--lang", "ko"], environment: demoEnvironment())
        #expect(korean.status == refusal.status)
        #expect(korean.stderr == refusal.korean + "\n")
        let json = await reportInProcess(["fetch", refusal.term, "--json"], environment: demoEnvironment())
        let jsonKorean = await reportInProcess(["fetch", refusal.term, "--json"], environment: demoEnvironment(["LANG": "ko_KR.UTF-8"]))
        #expect(json.stderr == jsonKorean.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect("report: \(try #require(error["message"] as? String)); \(try #require(error["hint"] as? String))" == refusal.english)
    }
}
