import Domain
import Testing

@Suite("The app's analysisComplete deep link")
struct AnalysisLinkTests {
    struct Me: MemberUseCase {
        let memIdx: Int
        func me() async throws -> Member { Member(memIdx: memIdx, name: "김은미", email: "eunmi@example.com") }
    }

    @Test func aWellFormedLinkParses() throws {
        let link = try AnalysisCompleteLink(parsing: "iamground://analysisComplete?memIdx=42&termNo=1001")
        #expect(link == AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!))
        #expect(try AnalysisCompleteLink(parsing: "iamground://analysisComplete/?termNo=7&memIdx=3").termNo == TermNumber(7))
    }

    @Test(arguments: [
        "https://analysisComplete?memIdx=42&termNo=1001",
        "iamground://analysisComplete",
        "iamground://analysisComplete?memIdx=42",
        "iamground://analysisComplete?termNo=1001",
        "iamground://analysisComplete?memIdx=abc&termNo=1001",
        "iamground://analysisComplete?memIdx=42&termNo=0",
        "iamground://analysisComplete?memIdx=42&termNo=1001&termNo=1002",
        "iamground://analysisComplete?memIdx&termNo=1001",
        "iamground://analysisCompleteX?memIdx=42&termNo=1001",
    ])
    func malformedLinksAreRefusedWithAReason(text: String) {
        #expect(throws: AnalysisCompleteLink.ParseError.self) { try AnalysisCompleteLink(parsing: text) }
    }

    @Test func theSignedInMembersLinkOpens() async throws {
        let link = AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!)
        #expect(try await OpenAnalysisLinkUseCase(memberUseCase: Me(memIdx: 42)).termNo(for: link) == TermNumber(1001))
    }

    @Test func anotherMembersLinkIsForbidden() async throws {
        let link = AnalysisCompleteLink(memIdx: 41, termNo: TermNumber(1001)!)
        await #expect(throws: ReportError.forbidden(Detail(.detailLinkForOtherMember, ["link": .data("41"), "member": .data("42")]))) {
            try await OpenAnalysisLinkUseCase(memberUseCase: Me(memIdx: 42)).termNo(for: link)
        }
    }
}
