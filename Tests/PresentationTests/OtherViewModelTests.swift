import Domain
@testable import Presentation
import Synchronization
import Testing

final class FakeServiceCheckUseCase: ServiceCheckUseCase {
    let result: Result<ServiceStatus, ReportError>
    let calls = Mutex(0)

    init(_ result: Result<ServiceStatus, ReportError>) {
        self.result = result
    }

    func status() async throws -> ServiceStatus {
        calls.withLock { $0 += 1 }
        return try result.get()
    }
}

final class FakeInterviewListUseCase: InterviewListUseCase {
    let total: Int
    let failOnPage: Int?

    init(total: Int, failOnPage: Int? = nil) {
        self.total = total
        self.failOnPage = failOnPage
    }

    func completedInterviews(page: Int, size: Int) async throws -> InterviewPage {
        if page == failOnPage { throw ReportError.server(status: 500, message: "boom") }
        let first = (page - 1) * size
        let items = (first..<min(first + size, total)).map { index in
            InterviewTerm(termNo: TermNumber(UInt32(2000 - index))!, companyName: "회사\(index)", occupationName: "개발",
                          careerName: "신입", registeredAt: "2026-11-01T09:00:00+09:00", itemType: .company,
                          programLevel: "BASIC", analysisStatus: .done)
        }
        return InterviewPage(items: items, page: page, size: size, total: total)
    }
}

struct HintUseCaseStub: HintUseCase {
    func hint(for section: ReportSection) async throws -> Hint {
        Hint(section: section, title: "읽는 법", body: "설명")
    }
}

@Suite("The other screens' view models")
struct OtherViewModelTests {
    @Test func aHintLoadsIntoState() async throws {
        let viewModel = LoadViewModel<HintViewData>.hint(.aptitude, useCase: HintUseCaseStub(), serviceCheckUseCase: nil,
                                                        navigator: RecordingNavigator())
        let output = try await viewModel.transform(input: .init())
        #expect(output.error == nil)
        guard case .loaded(let hint) = output.state else {
            Issue.record("not loaded")
            return
        }
        #expect(hint.heading == "Aptitude")
        #expect(hint.title == "읽는 법")
    }

    @Test func a503IsExplainedByTheServiceStatus() async throws {
        let serviceCheck = FakeServiceCheckUseCase(.success(ServiceStatus(isUnderMaintenance: true, message: "점검 중", until: "2026-11-21T14:00:00+09:00")))
        let viewModel = LoadViewModel<Int>(load: {
            throw ReportError.unavailable(ServiceOutage(message: "Service Unavailable", until: nil, isMaintenance: false))
        }, serviceCheckUseCase: serviceCheck, navigator: RecordingNavigator())
        let output = try await viewModel.transform(input: .init())
        #expect(output.error == .unavailable(ServiceOutage(message: "점검 중", until: "2026-11-21T14:00:00+09:00", isMaintenance: true)))
        #expect(output.state == .idle)
        #expect(serviceCheck.calls.withLock { $0 } == 1)
    }

    @Test func otherErrorsDoNotAskTheServiceStatus() async throws {
        let serviceCheck = FakeServiceCheckUseCase(.success(ServiceStatus(isUnderMaintenance: false, message: nil, until: nil)))
        let navigator = RecordingNavigator()
        let viewModel = LoadViewModel<Int>(load: { throw ReportError.unauthorized(.unexpected("token_expired")) },
                                           serviceCheckUseCase: serviceCheck, navigator: navigator)
        let output = try await viewModel.transform(input: .init())
        #expect(output.error == nil, "sent to sign in, not an error event")
        #expect(serviceCheck.calls.withLock { $0 } == 0)
        #expect(navigator.toSignIn_calls.withLock { $0 } == [.unexpected("token_expired")])
    }

    @Test func theListDeliversEachPageOnce() async throws {
        let viewModel = InterviewListViewModel(pageSize: 4, useCase: FakeInterviewListUseCase(total: 10),
                                               navigator: RecordingNavigator())
        var received: [InterviewPageViewData] = []
        var number = 1
        while let page = try await viewModel.transform(input: .init(page: number)).page {
            received.append(page)
            guard page.info.hasNextPage else { break }
            number = page.info.page + 1
        }
        #expect(received.map(\.rows.count) == [4, 4, 2])
        #expect(received.last?.info.hasNextPage == false)
        #expect(received[0].rows[0].dateText == "2026-11-01 09:00 KST")
        #expect(received[0].rows[0].kindText == "Company interview")
        #expect(received.last?.info.page == 3)
    }

    @Test func aPageAskedForAgainIsAnErrorEvent() async throws {
        let viewModel = InterviewListViewModel(pageSize: 4, useCase: FakeInterviewListUseCase(total: 10),
                                               navigator: RecordingNavigator())
        #expect(try await viewModel.transform(input: .init(page: 1)).page != nil)
        let again = try await viewModel.transform(input: .init(page: 1))
        #expect(again.page == nil)
        #expect(again.error.map(\.englishDetail) == "the interview list did not advance: page 1 came after page 1")
    }

    @Test func aFailingPageIsAnErrorEvent() async throws {
        let viewModel = InterviewListViewModel(pageSize: 4, useCase: FakeInterviewListUseCase(total: 10, failOnPage: 2),
                                               navigator: RecordingNavigator())
        let output = try await viewModel.transform(input: .init(page: 2))
        #expect(output.error == .server(status: 500, message: "boom"))
        #expect(output.page == nil)
    }

    func smokeCheck(service: Result<ServiceStatus, ReportError>, list: FakeInterviewListUseCase = .init(total: 3),
                    report: Result<AnalysisResult, ReportError> = .success(.ready(Sample.report)),
                    term: TermNumber? = nil) async -> SmokeCheckState {
        let viewModel = SmokeCheckViewModel(termNo: term, serviceCheckUseCase: FakeServiceCheckUseCase(service),
                                            interviewListUseCase: list,
                                            interviewUseCase: FakeInterviewUseCase(.success(Sample.interview())),
                                            analysisReportUseCase: FakeAnalysisReportUseCase(report))
        let output = viewModel.transform(input: .init())
        var seen: [SmokeCheckState] = []
        for await state in output.states { seen.append(state) }
        #expect(seen.map(\.results.count) == [1, 2, 3], "a state after each check")
        #expect(seen.map(\.isFinished) == [false, false, true])
        return seen.last ?? SmokeCheckState(results: [], isFinished: false)
    }

    @Test func smokeChecksPassInOrder() async throws {
        let state = await smokeCheck(service: .success(ServiceStatus(isUnderMaintenance: false, message: nil, until: nil)))
        #expect(state.results.map(\.check) == [.service, .credentials, .report])
        #expect(state.results.allSatisfy { $0.outcome == .passed })
        #expect(state.firstFailure == nil)
        #expect(state.results[2].detail == "term 2000 decoded: 5 of 5 sections available", "the newest listed interview")
    }

    @Test func maintenanceFailsTheFirstCheckAndSkipsTheRest() async throws {
        let state = await smokeCheck(service: .success(ServiceStatus(isUnderMaintenance: true, message: "점검", until: nil)))
        #expect(state.results.map(\.outcome) == [
            .failed(.unavailable(ServiceOutage(message: "점검", until: nil, isMaintenance: true))), .skipped, .skipped,
        ])
    }

    @Test func aPendingReportFailsTheLastCheck() async throws {
        let state = await smokeCheck(service: .success(ServiceStatus(isUnderMaintenance: false, message: nil, until: nil)),
                                     report: .success(.pending), term: Sample.term)
        #expect(state.firstFailure == .analysisPending(Sample.term))
    }
}

@Suite("Dates as a person reads them")
struct DisplayDateTests {
    @Test(arguments: [
        ("2026-11-02T10:15:00+09:00", "2026-11-02 10:15 KST"),
        ("2026-11-02T01:15:00Z", "2026-11-02 01:15 UTC"),
        ("2026-11-02T01:15:00+00:00", "2026-11-02 01:15 UTC"),
        ("2026-11-01T20:15:00-05:00", "2026-11-01 20:15 (-05:00)"),
        ("2026-11-02 10:15:00", "2026-11-02 10:15"),
        ("2026-11-02", "2026-11-02"),
        ("어제 오후 3시, 2026-11-02T10:15", "어제 오후 3시, 2026-11-02T10:15"),
    ])
    func shows(_ sent: String, as shown: String) {
        #expect(DisplayDate.text(sent) == shown)
    }
}
