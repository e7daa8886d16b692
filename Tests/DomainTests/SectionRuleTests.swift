import Domain
import Testing

@Suite("Which sections a report shows, by the interview's kind")
struct SectionRuleTests {
    static let full = AnalysisReport(
        tips: Tips(summary: "요약", items: []),
        character: CharacterProfile(type: "분석형", description: "설명", traits: []),
        aptitude: Aptitude(grade: "B", percentile: 70, games: []),
        keywords: ["협업"]
    )

    @Test func companyInterviewShowsEverySection() {
        #expect(ItemType.company.sections(of: Self.full) == [.title, .tips, .character, .aptitude, .keywords])
    }

    @Test func personalityInterviewHasNoAptitude() {
        #expect(ItemType.personality.sections(of: Self.full) == [.title, .tips, .character, .keywords])
    }

    @Test func competencyInterviewHasNoCharacter() {
        #expect(ItemType.competency.sections(of: Self.full) == [.title, .tips, .aptitude, .keywords])
    }

    @Test func aMissingSectionOfTheKindStaysListedSoItCanBeShownAsNotAvailable() {
        let report = AnalysisReport(tips: nil, character: nil, aptitude: Self.full.aptitude, keywords: nil)
        #expect(ItemType.company.sections(of: report) == [.title, .tips, .character, .aptitude, .keywords])
        #expect(report.hasData(for: .tips) == false)
        #expect(report.hasData(for: .aptitude))
    }

    @Test func anUnknownKindShowsOnlySectionsWithDataInCompanyOrder() {
        let report = AnalysisReport(tips: Self.full.tips, character: nil, aptitude: nil, keywords: ["리더십"])
        #expect(ItemType(code: "SITUATION").sections(of: report) == [.title, .tips, .keywords])
        #expect(ItemType(code: "SITUATION").sections(of: Self.full) == [.title, .tips, .character, .aptitude, .keywords])
    }

    @Test func itemTypeCodesRoundTrip() {
        for code in ["COMPANY", "PERSONALITY", "COMPETENCY", "SITUATION"] {
            #expect(ItemType(code: code).code == code)
        }
        #expect(ItemType(code: "COMPANY") == .company)
        #expect(ItemType(code: "company") == .other("company"))
    }

    @Test(arguments: [("1001", UInt32(1001)), ("4294967295", UInt32.max), ("0001", UInt32(1))])
    func termNumbersParse(text: String, value: UInt32) {
        #expect(TermNumber(parsing: text)?.rawValue == value)
    }

    @Test(arguments: ["", "0", "-1", "+5", "12a", "4294967296", " 12", "１２", "99999999999"])
    func badTermNumbersAreRejected(text: String) {
        #expect(TermNumber(parsing: text) == nil)
    }
}
