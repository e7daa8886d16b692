import Domain
@testable import Presentation
import Testing

@Suite("ReportBatchViewModel: a term in, its report or its error out")
struct ReportBatchViewModelTests {
    @Test func everyCallAsksForItsOwnTermEvenForTheSameTermTwice() async {
        let interviews = FakeInterviewUseCase(.success(Sample.interview()))
        let reports = FakeAnalysisReportUseCase(.success(.ready(Sample.report)))
        let viewModel = ReportBatchViewModel(interviewUseCase: interviews, analysisReportUseCase: reports)
        async let first = viewModel.report(Sample.term)
        async let second = viewModel.report(TermNumber(1002)!)
        async let third = viewModel.report(Sample.term)
        for result in await [first, second, third] {
            guard case .success(let report) = result else {
                Issue.record("no ready report: \(result)")
                continue
            }
            #expect(report.title.headline == "사람인 · iOS 개발 · 경력 3년")
            #expect(report.sections.map(\.section) == [.title, .tips, .character, .aptitude, .keywords])
        }
        #expect(interviews.calls.withLock { $0 } == 3, "each call asks for its own interview")
        #expect(reports.calls.withLock { $0 } == 3)
    }

    @Test func aFailedTermIsItsOwnFailure() async {
        let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.failure(.notFound(.unexpected("interview 1001")))),
                                             analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
        let result = await viewModel.report(Sample.term)
        guard case .failure(.notFound) = result else {
            Issue.record("expected notFound, got \(result)")
            return
        }
    }

    @Test func aSignInProblemIsAFailureNotANavigation() async {
        let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.failure(.unauthorized(.unexpected("expired")))),
                                             analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
        let result = await viewModel.report(Sample.term)
        guard case .failure(.unauthorized(.unexpected("expired"))) = result else {
            Issue.record("expected unauthorized, got \(result)")
            return
        }
    }

    @Test func aPendingAnalysisIsAReportAndAFailedOneAnError() async {
        let pending = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.success(Sample.interview(status: .pending))),
                                           analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
        guard case .success(let report) = await pending.report(Sample.term) else {
            Issue.record("no report for a pending analysis")
            return
        }
        #expect(report.isPending)
        let failed = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.success(Sample.interview(status: .failed))),
                                          analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
        let result = await failed.report(Sample.term)
        guard case .failure(.analysisFailed(Sample.term)) = result else {
            Issue.record("expected analysisFailed, got \(result)")
            return
        }
    }

    @Test func a503IsExplainedByTheServiceStatusAsOnTheOneTermScreen() async {
        let outage = ServiceOutage(message: nil, until: nil, isMaintenance: false)
        let serviceCheck = FakeServiceCheckUseCase(.success(ServiceStatus(isUnderMaintenance: true, message: "점검 중",
                                                                         until: "2026-11-21T14:00:00+09:00")))
        let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.success(Sample.interview())),
                                             analysisReportUseCase: FakeAnalysisReportUseCase(.failure(.unavailable(outage))),
                                             serviceCheckUseCase: serviceCheck)
        let result = await viewModel.report(Sample.term)
        guard case .failure(.unavailable(let explained)) = result else {
            Issue.record("expected unavailable, got \(result)")
            return
        }
        #expect(explained == ServiceOutage(message: "점검 중", until: "2026-11-21T14:00:00+09:00", isMaintenance: true))
    }

    @Test func theVideoSectionIsFetchedOnlyWhenSelected() async {
        for sections: Set<ReportSection>? in [nil, [.tips, .video]] {
            let video = FakeVideoReportUseCase()
            let viewModel = ReportBatchViewModel(sections: sections,
                                                 interviewUseCase: FakeInterviewUseCase(.success(Sample.interview())),
                                                 analysisReportUseCase: FakeAnalysisReportUseCase(.success(.ready(Sample.report))),
                                                 videoReportUseCase: video)
            guard case .success(let report) = await viewModel.report(Sample.term) else {
                Issue.record("no ready report")
                continue
            }
            if sections == nil {
                #expect(!report.sections.map(\.section).contains(.video))
                #expect(video.calls.withLock { $0 } == 0)
            } else {
                #expect(report.sections.map(\.section) == [.tips, .video])
                #expect(video.calls.withLock { $0 } == 1)
            }
        }
    }
}
