import Domain
@testable import Presentation
import Synchronization
import Testing

/// A video-report use case that returns one canned report.
final class FakeVideoReportUseCase: VideoReportUseCase {
    let calls = Mutex(0)

    func videoReport(termNo: TermNumber) async throws -> VideoReport? {
        calls.withLock { $0 += 1 }
        return VideoReport(questions: [
            VideoQuestion(number: 1, question: "자기소개를 해 주세요.", answerSeconds: 62, speechRate: 280,
                          gazeStability: 81, voiceStability: 77, feedback: "좋습니다."),
        ])
    }
}

@Suite("ReportBatchViewModel: many terms in, one result each out")
struct ReportBatchViewModelTests {
    /// Sends `requests` on the load trigger, ends it, and collects the output until it ends.
    func results(of requests: [ReportBatchViewModel.Request], from viewModel: ReportBatchViewModel)
        async -> [ReportBatchViewModel.Result] {
        let (load, trigger) = AsyncStream.makeStream(of: ReportBatchViewModel.Request.self)
        let output = viewModel.transform(input: .init(loadTrigger: load))
        let stream = output.results.subscribe()
        for request in requests { trigger.yield(request) }
        trigger.finish()
        var collected: [ReportBatchViewModel.Result] = []
        for await result in stream { collected.append(result) }
        return collected
    }

    func request(_ id: Int, _ term: UInt32 = 1001) -> ReportBatchViewModel.Request {
        ReportBatchViewModel.Request(id: id, termNo: TermNumber(term)!)
    }

    @Test func everyRequestGetsExactlyOneResultEvenForTheSameTermTwice() async {
        let interviews = FakeInterviewUseCase(.success(Sample.interview()))
        let reports = FakeAnalysisReportUseCase(.success(.ready(Sample.report)))
        let viewModel = ReportBatchViewModel(interviewUseCase: interviews, analysisReportUseCase: reports)
        let requests = [request(0), request(1, 1002), request(2)]
        let results = await results(of: requests, from: viewModel)
        #expect(results.map(\.request).sorted { $0.id < $1.id } == requests)
        for result in results {
            guard case .report(let title, .ready(let sections)) = result.outcome else {
                Issue.record("request \(result.request.id) did not give a ready report: \(result.outcome)")
                continue
            }
            #expect(title.headline == "사람인 · iOS 개발 · 경력 3년")
            #expect(sections.map(\.section) == [.title, .tips, .character, .aptitude, .keywords])
        }
        #expect(interviews.calls.withLock { $0 } == 3, "each request asks for its own interview")
        #expect(reports.calls.withLock { $0 } == 3)
    }

    @Test func aFailedRequestIsItsOwnResultAndTheOthersCarryOn() async {
        let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.failure(.notFound("interview 1001"))),
                                             analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
        let results = await results(of: [request(7)], from: viewModel)
        #expect(results.count == 1)
        guard case .failure(.notFound) = results.first?.outcome else {
            Issue.record("expected notFound, got \(String(describing: results.first?.outcome))")
            return
        }
    }

    @Test func aSignInProblemIsAFailureNotANavigation() async {
        let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.failure(.unauthorized("expired"))),
                                             analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
        let results = await results(of: [request(0)], from: viewModel)
        guard case .failure(.unauthorized("expired")) = results.first?.outcome else {
            Issue.record("expected unauthorized, got \(String(describing: results.first?.outcome))")
            return
        }
    }

    @Test func pendingAndFailedAnalysesAreReportsWithThatAnalysis() async {
        for (status, expected) in [(AnalysisStatus.pending, ReportViewState.Analysis.pending), (.failed, .failed)] {
            let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.success(Sample.interview(status: status))),
                                                 analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
            let results = await results(of: [request(0)], from: viewModel)
            guard case .report(_, let analysis) = results.first?.outcome else {
                Issue.record("no report for \(status)")
                continue
            }
            #expect(analysis == expected)
        }
    }

    @Test func a503IsExplainedByTheServiceStatusAsOnTheOneTermScreen() async {
        let outage = ServiceOutage(message: nil, until: nil, isMaintenance: false)
        let serviceCheck = FakeServiceCheckUseCase(.success(ServiceStatus(isUnderMaintenance: true, message: "점검 중",
                                                                         until: "2026-11-21T14:00:00+09:00")))
        let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.success(Sample.interview())),
                                             analysisReportUseCase: FakeAnalysisReportUseCase(.failure(.unavailable(outage))),
                                             serviceCheckUseCase: serviceCheck)
        let results = await results(of: [request(0)], from: viewModel)
        guard case .failure(.unavailable(let explained)) = results.first?.outcome else {
            Issue.record("expected unavailable, got \(String(describing: results.first?.outcome))")
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
            let results = await results(of: [request(0)], from: viewModel)
            guard case .report(_, .ready(let shown)) = results.first?.outcome else {
                Issue.record("no ready report")
                continue
            }
            if sections == nil {
                #expect(!shown.map(\.section).contains(.video))
                #expect(video.calls.withLock { $0 } == 0)
            } else {
                #expect(shown.map(\.section) == [.tips, .video])
                #expect(video.calls.withLock { $0 } == 1)
            }
        }
    }

    @Test func theOutputEndsWhenTheTriggerEndsWithNothingAsked() async {
        let viewModel = ReportBatchViewModel(interviewUseCase: FakeInterviewUseCase(.success(Sample.interview())),
                                             analysisReportUseCase: FakeAnalysisReportUseCase(.success(.pending)))
        #expect(await results(of: [], from: viewModel).isEmpty)
    }
}
