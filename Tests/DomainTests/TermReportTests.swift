import Domain
import Testing

@Suite("A term's report: the outcome and the sections shown, with their data")
struct TermReportTests {
    static func interview(_ status: AnalysisStatus) -> InterviewTerm {
        InterviewTerm(termNo: TermNumber(1001)!, companyName: nil, occupationName: nil, careerName: nil,
                      registeredAt: nil, itemType: .personality, programLevel: nil, analysisStatus: status)
    }

    static let video = VideoReport(questions: [
        VideoQuestion(number: 1, question: "자기소개", answerSeconds: 60, speechRate: 300, gazeStability: 80,
                      voiceStability: 70, feedback: "좋습니다."),
    ])

    @Test func aReadyReportHasTheKindsSectionsEachWithItsData() {
        let report = TermReport(interview: Self.interview(.done), result: .ready(SectionRuleTests.full),
                                selection: nil, video: nil)
        #expect(report.outcome == .ready(SectionRuleTests.full))
        #expect(report.sections.map(\.section) == [.title, .tips, .character, .keywords])
        #expect(report.sections.map(\.data) == [nil, SectionRuleTests.full.data(for: .tips),
                                                 SectionRuleTests.full.data(for: .character),
                                                 SectionRuleTests.full.data(for: .keywords)])
    }

    @Test func theVideoSectionComesLastWhenAskedForAndIsNotAvailableWithoutAReport() {
        for video in [Self.video, nil] {
            let report = TermReport(interview: Self.interview(.done), result: .ready(SectionRuleTests.full),
                                    selection: [.keywords, .video], video: video)
            #expect(report.sections == [TermReport.Section(section: .keywords, data: .keywords(["협업"])),
                                        TermReport.Section(section: .video, data: video.map(SectionData.video))])
        }
    }

    @Test func aPendingOrFailedAnalysisShowsNoSections() {
        for (status, outcome) in [(AnalysisStatus.pending, AnalysisOutcome.pending), (.failed, .failed)] {
            let report = TermReport(interview: Self.interview(status), result: .pending, selection: nil, video: Self.video)
            #expect(report.outcome == outcome)
            #expect(report.sections.isEmpty)
        }
    }
}
