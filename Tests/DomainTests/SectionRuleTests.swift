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

@Suite("The rules of what a report shows and where its analysis stands")
struct ReportRuleTests {
    static func interview(_ status: AnalysisStatus, kind: ItemType = .personality) -> InterviewTerm {
        InterviewTerm(termNo: TermNumber(parsing: "1002")!, companyName: "카카오", occupationName: nil, careerName: nil,
                      registeredAt: nil, itemType: kind, programLevel: nil, analysisStatus: status)
    }

    @Test func aSelectionKeepsTheKindsOrderAndVideoComesLastOnlyWhenAskedFor() {
        let report = SectionRuleTests.full
        #expect(ItemType.personality.sections(of: report, selection: nil) == [.title, .tips, .character, .keywords])
        #expect(ItemType.personality.sections(of: report, selection: [.keywords, .video, .tips])
            == [.tips, .keywords, .video])
        // A section the kind does not show stays out even when asked for.
        #expect(ItemType.personality.sections(of: report, selection: [.aptitude]) == [])
        #expect(ItemType.competency.sections(of: report, selection: [.video]) == [.video])
    }

    @Test func noReportIsPendingUnlessTheInterviewSaysFailed() {
        let report = SectionRuleTests.full
        #expect(Self.interview(.pending).analysisOutcome(.pending) == .pending)
        #expect(Self.interview(.done).analysisOutcome(.pending) == .pending)
        #expect(Self.interview(.failed).analysisOutcome(.pending) == .failed)
        #expect(Self.interview(.failed).analysisOutcome(.ready(report)) == .ready(report))
    }

    @Test func onlyTheTitleHasNoHint() {
        #expect(ReportSection.withHints == [.tips, .character, .aptitude, .keywords, .video])
    }
}
