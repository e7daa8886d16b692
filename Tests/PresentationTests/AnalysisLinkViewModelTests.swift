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

@Suite("The deep-link screen's view model")
struct AnalysisLinkViewModelTests {
    static let member42 = Member(memIdx: 42, name: "김은미", email: "eunmi@example.com")

    /// Opens each link, one input each; returns the terms they lead to and the error events.
    func open(_ links: [AnalysisCompleteLink], member: Result<Member, ReportError>,
              serviceCheck: (any ServiceCheckUseCase)? = nil,
              navigator: RecordingNavigator) async throws -> (terms: [TermNumber], errors: [ReportError]) {
        let viewModel = AnalysisLinkViewModel(useCase: OpenAnalysisLinkUseCase(memberUseCase: FakeMemberUseCase(member)),
                                              serviceCheckUseCase: serviceCheck, navigator: navigator)
        var terms: [TermNumber] = [], errors: [ReportError] = []
        for link in links {
            let output = try await viewModel.transform(input: .init(link: link))
            if let termNo = output.termNo { terms.append(termNo) }
            if let error = output.error { errors.append(error) }
        }
        return (terms, errors)
    }

    @Test func theSignedInMembersLinkLeadsToItsReport() async throws {
        let navigator = RecordingNavigator()
        let (terms, errors) = try await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!)],
                                member: .success(Self.member42), navigator: navigator)
        #expect(errors.isEmpty)
        #expect(terms == [TermNumber(1001)!])
        #expect(navigator.toSignIn_calls.withLock { $0 }.isEmpty)
    }

    @Test func anotherMembersLinkIsAnErrorAndGoesNowhere() async throws {
        let navigator = RecordingNavigator()
        let (terms, errors) = try await open([AnalysisCompleteLink(memIdx: 7, termNo: TermNumber(1001)!)],
                                member: .success(Self.member42), navigator: navigator)
        #expect(errors.map(\.englishDetail) == ["the link is for member 7, but you are signed in as member 42"])
        #expect(terms.isEmpty)
    }

    @Test func rejectedCredentialsNavigateToSignIn() async throws {
        let navigator = RecordingNavigator()
        let (terms, errors) = try await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!)],
                                member: .failure(.unauthorized(.unexpected("token_expired"))), navigator: navigator)
        #expect(errors.isEmpty)
        #expect(navigator.toSignIn_calls.withLock { $0 } == [.unexpected("token_expired")])
        #expect(terms.isEmpty)
    }

    @Test func a503IsExplainedByTheServiceStatus() async throws {
        let navigator = RecordingNavigator()
        let serviceCheck = FakeServiceCheckUseCase(.success(ServiceStatus(isUnderMaintenance: true, message: "점검 중",
                                                                          until: "2026-11-21T14:00:00+09:00")))
        let (_, errors) = try await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!)],
                                member: .failure(.unavailable(ServiceOutage(message: nil, until: nil, isMaintenance: false))),
                                serviceCheck: serviceCheck, navigator: navigator)
        #expect(errors == [.unavailable(ServiceOutage(message: "점검 중", until: "2026-11-21T14:00:00+09:00", isMaintenance: true))])
        #expect(serviceCheck.calls.withLock { $0 } == 1)
    }

    @Test func eachLinkIsCheckedAgainstTheMember() async throws {
        let navigator = RecordingNavigator()
        let (terms, errors) = try await open([AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1001)!),
                                 AnalysisCompleteLink(memIdx: 41, termNo: TermNumber(1002)!),
                                 AnalysisCompleteLink(memIdx: 42, termNo: TermNumber(1003)!)],
                                member: .success(Self.member42), navigator: navigator)
        #expect(errors.count == 1)
        #expect(terms == [TermNumber(1001)!, TermNumber(1003)!])
    }
}
