import Domain
import Presentation
import Synchronization
import Testing

/// A member use case that answers with one member, or fails, and counts calls.
final class FakeMemberUseCase: MemberUseCase {
    let result: Result<Member, ReportError>
    let calls = Mutex(0)

    init(_ result: Result<Member, ReportError>) {
        self.result = result
    }

    func me() async throws -> Member {
        calls.withLock { $0 += 1 }
        return try result.get()
    }
}

/// A navigator double for the deep-link screen.
final class RecordingLinkNavigator: AnalysisLinkNavigator {
    let toReport_calls = Mutex<[TermNumber]>([])
    let toLogin_calls = Mutex<[String]>([])

    func toReport(_ termNo: TermNumber) {
        toReport_calls.withLock { $0.append(termNo) }
    }

    func toLogin(reason: String) {
        toLogin_calls.withLock { $0.append(reason) }
    }
}

@Suite("The deep-link screen's view model")
struct AnalysisLinkViewModelTests {
    static let member42 = Member(memIdx: 42, name: "김은미", email: "eunmi@example.com")

    /// Opens each link, then ends the input; returns every error event once the screen is done.
    func open(_ links: [AnalysisCompleteLink], member: Result<Member, ReportError>,
              serviceCheck: (any ServiceCheckUseCase)? = nil,
              navigator: RecordingLinkNavigator) async -> [ReportError] {
        let viewModel = AnalysisLinkViewModel(useCase: OpenAnalysisLinkUseCase(memberUseCase: FakeMemberUseCase(member)),
                                              serviceCheckUseCase: serviceCheck, navigator: navigator)
        let (stream, trigger) = AsyncStream.makeStream(of: AnalysisCompleteLink.self)
        let output = viewModel.transform(input: .init(openTrigger: stream))
        let errors = output.error.subscribe()
        for link in links { trigger.yield(link) }
        trigger.finish()
        var seen: [ReportError] = []
        for await error in errors { seen.append(error) }
        return seen
    }

    @Test func theSignedInMembersLinkNavigatesToItsReport() async {
        let navigator = RecordingLinkNavigator()
        let errors = await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!)],
                                member: .success(Self.member42), navigator: navigator)
        #expect(errors.isEmpty)
        #expect(navigator.toReport_calls.withLock { $0 } == [TermNumber(1001)!])
        #expect(navigator.toLogin_calls.withLock { $0 }.isEmpty)
    }

    @Test func anotherMembersLinkIsAnErrorAndGoesNowhere() async {
        let navigator = RecordingLinkNavigator()
        let errors = await open([AnalysisCompleteLink(memIdx: 7, termNo: TermNumber(1001)!)],
                                member: .success(Self.member42), navigator: navigator)
        #expect(errors == [.forbidden("the link is for member 7, but you are signed in as member 42")])
        #expect(navigator.toReport_calls.withLock { $0 }.isEmpty)
    }

    @Test func rejectedCredentialsNavigateToLogin() async {
        let navigator = RecordingLinkNavigator()
        let errors = await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!)],
                                member: .failure(.unauthorized("token_expired")), navigator: navigator)
        #expect(errors.isEmpty)
        #expect(navigator.toLogin_calls.withLock { $0 } == ["token_expired"])
        #expect(navigator.toReport_calls.withLock { $0 }.isEmpty)
    }

    @Test func a503IsExplainedByTheServiceStatus() async {
        let navigator = RecordingLinkNavigator()
        let serviceCheck = FakeServiceCheckUseCase(.success(ServiceStatus(isUnderMaintenance: true, message: "점검 중",
                                                                          until: "2026-11-21T14:00:00+09:00")))
        let errors = await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!)],
                                member: .failure(.unavailable(ServiceOutage(message: nil, until: nil, isMaintenance: false))),
                                serviceCheck: serviceCheck, navigator: navigator)
        #expect(errors == [.unavailable(ServiceOutage(message: "점검 중", until: "2026-11-21T14:00:00+09:00", isMaintenance: true))])
        #expect(serviceCheck.calls.withLock { $0 } == 1)
    }

    @Test func eachLinkIsCheckedAgainstTheMember() async {
        let navigator = RecordingLinkNavigator()
        let errors = await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!),
                                 AnalysisCompleteLink(memIdx: 41, termNo: TermNumber(1002)!),
                                 AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1003)!)],
                                member: .success(Self.member42), navigator: navigator)
        #expect(errors.count == 1)
        #expect(navigator.toReport_calls.withLock { $0 } == [TermNumber(1001)!, TermNumber(1003)!])
    }
}
