@testable import Data
import Domain
import Testing
import Foundation

/// Text from the service reaches a terminal: whatever it holds, nothing in it may drive the
/// terminal (escape sequences, bells, cursor moves) or reorder the line (bidi overrides).
@Suite("Text from the service is cleaned before a view sees it")
struct ServerTextTests {
    static let interview = #"""
    {"termNo": 1001, "companyName": "사람\u001b]0;pwned\u0007인", "occupationName": "iOS\u009b2J 개발",
     "careerName": "경력\r\n3년", "regDate": "2026-11-02T10:15:00+09:00", "itemTypeCode": "COM\u202ePANY",
     "programLevel": "BASIC", "analysisStatus": "DONE"}
    """#

    @Test func interviewFieldsLoseControlCharactersAndStayOnOneLine() throws {
        let interview = try ReportResponseReader.interview(Array(Self.interview.utf8))
        #expect(interview.companyName == "사람]0;pwned인")
        #expect(interview.occupationName == "iOS2J 개발")
        #expect(interview.careerName == "경력 3년")
        #expect(interview.itemType == .company)
    }

    @Test func reportParagraphsKeepTheirLineBreaksAndNothingElse() throws {
        let body = #"""
        {"result": {"tips": {"summary": "첫 줄\r\n둘째\t줄\r셋째\u2028넷째\u001b[31m", "items": [
            {"category": "answer", "title": "제목\n이어짐", "body": "본문\u0000"}]},
          "character": null, "aptitude": null, "keyword": ["협업\u0007", "👨\u200d💻"]}}
        """#
        guard case .ready(let report) = try ReportResponseReader.analysisReport(Array(body.utf8)) else {
            Issue.record("the report should be ready")
            return
        }
        #expect(report.tips?.summary == "첫 줄\n둘째 줄\n셋째\n넷째[31m")
        #expect(report.tips?.items.first?.title == "제목 이어짐")
        #expect(report.tips?.items.first?.body == "본문")
        // The zero-width joiner of an emoji sequence is not a control character: it stays.
        #expect(report.keywords == ["협업", "👨\u{200D}💻"])
    }

    @Test func videoFeedbackIsCleanedToo() throws {
        let body = #"""
        {"result": {"questions": [{"no": 1, "question": "자기소개\u001b[2J", "answerSeconds": 48, "speechRate": 300,
          "gazeStability": 50, "voiceStability": 60, "feedback": "좋아요\u001b[H"}]}}
        """#
        let video = try ReportResponseReader.videoReport(Array(body.utf8))
        #expect(video?.questions.first?.question == "자기소개[2J")
        #expect(video?.questions.first?.feedback == "좋아요[H")
    }
}

@Suite("Bodies built to hurt the decoder")
struct HostileBodyTests {
    @Test func deeplyNestedJSONIsRefusedNotAStackOverflow() {
        // 100 000 levels would overflow a naive recursive parser's stack; the toolchain's
        // JSONDecoder (swift-foundation, Swift 6.3.1) refuses the body instead, so no depth check
        // of our own is needed. Should a toolchain regress, this test crashes.
        let body = Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: ReportError.self) { try ReportResponseReader.interview(body) }
        let nested = Array(#"{"result":"#.utf8) + body
        #expect(throws: ReportError.self) { try ReportResponseReader.analysisReport(nested) }
    }

    @Test func scoresOutsideTheirRangeAreRefused() {
        let body = #"""
        {"result": {"tips": null, "character": null, "keyword": null,
          "aptitude": {"grade": "A", "percentile": 50, "games": [
            {"name": "n", "score": 9223372036854775807, "maxScore": 9223372036854775807, "percentile": 101, "comment": ""}]}}}
        """#
        #expect(throws: ReportError.self) { try ReportResponseReader.analysisReport(Array(body.utf8)) }
    }
}

@Suite("Status and member text is cleaned too")
struct StatusAndMemberTextTests {
    @Test func maintenanceMessageAndMemberNameLoseEscapes() throws {
        let status = try JSONDecoder().decode(ServiceStatusDTO.self, from: Data(#"""
        {"status": "MAINTENANCE", "message": "점검 중\u001b[2J입니다", "until": "2026-11-02T10:15:00+09:00\u0007"}
        """#.utf8)).toDomain()
        #expect(status.message == "점검 중[2J입니다")
        #expect(status.until == "2026-11-02T10:15:00+09:00")
        let member = try JSONDecoder().decode(MemberDTO.self, from: Data(#"""
        {"memIdx": 42, "name": "김은미\u001b]0;x\u0007", "email": "eunmi@example.com\u202e"}
        """#.utf8)).toDomain()
        #expect(member.name == "김은미]0;x")
        #expect(member.email == "eunmi@example.com")
    }
}
