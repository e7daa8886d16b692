import Domain
@testable import Presentation
import Testing

@Suite("ReportViewModel: one input in, state and events out")
struct ReportViewModelTests {
    func makeViewModel(interview: Result<InterviewTerm, ReportError> = .success(Sample.interview()),
                       report: [Result<AnalysisResult, ReportError>] = [.success(.ready(Sample.report))],
                       sections: Set<ReportSection>? = nil,
                       video: FakeVideoReportUseCase? = nil,
                       navigator: RecordingNavigator = RecordingNavigator())
        -> (ReportViewModel, FakeInterviewUseCase, FakeAnalysisReportUseCase) {
        let interviewUseCase = FakeInterviewUseCase(interview)
        let reportUseCase = FakeAnalysisReportUseCase(results: report)
        let viewModel = ReportViewModel(sections: sections, interviewUseCase: interviewUseCase,
                                        analysisReportUseCase: reportUseCase, videoReportUseCase: video,
                                        navigator: navigator)
        return (viewModel, interviewUseCase, reportUseCase)
    }

    @Test func nothingIsAskedBeforeTheInput() async {
        let (_, interviewUseCase, reportUseCase) = makeViewModel()
        #expect(interviewUseCase.calls.withLock { $0 } == 0, "nothing is asked before the input")
        #expect(reportUseCase.calls.withLock { $0 } == 0)
    }

    @Test func oneInputMakesExactlyOneRequestOfEachKind() async throws {
        let video = FakeVideoReportUseCase()
        let (viewModel, interviewUseCase, reportUseCase) = makeViewModel(sections: [.title, .tips, .video], video: video)
        let loaded = try #require(try await Harness(viewModel).loaded())
        #expect(loaded.sections.map(\.section) == [.title, .tips, .video])
        #expect(interviewUseCase.calls.withLock { $0 } == 1)
        #expect(reportUseCase.calls.withLock { $0 } == 1)
        #expect(video.calls.withLock { $0 } == 1)
    }

    @Test func theReportShowsTheTitleAndTheSectionsOfTheKindInOrder() async throws {
        let (viewModel, _, _) = makeViewModel()
        let loaded = try #require(try await Harness(viewModel).loaded())
        #expect(loaded.title.headline == "사람인 · iOS 개발 · 경력 3년")
        #expect(loaded.title.kindText == "Company interview · BASIC")
        #expect(loaded.title.dateText == "2026-11-02 10:15 KST")
        #expect(loaded.sections.map(\.section) == [.title, .tips, .character, .aptitude, .keywords])
        #expect(loaded.sections.allSatisfy { $0.content != nil })
        #expect(!loaded.isPending)
    }

    @Test func sectionsAreFormattedForDisplay() async throws {
        let (viewModel, _, _) = makeViewModel()
        let sections = try #require(try await Harness(viewModel).loaded()).sections
        guard case .character(let character)? = sections[2].content,
              case .aptitude(let aptitude)? = sections[3].content,
              case .keywords(let keywords)? = sections[4].content else { Issue.record("wrong sections"); return }
        #expect(character.traits[0].scoreText == "72/100")
        #expect(character.traits[0].levelText == "high")
        #expect(character.traits[0].fraction == 0.72)
        #expect(aptitude.gradeText == "grade B")
        #expect(aptitude.percentileText == "top 29% (ahead of 71%)")
        #expect(aptitude.games[0].scoreText == "34/50")
        #expect(aptitude.games[0].percentileText == "top 35%")
        #expect(keywords.text == "협업 · 문제 해결", "each keyword as the service wrote it")
    }

    @Test func theEntitiesAreKeptAsLoadedForMachineOutput() async throws {
        let (viewModel, _, _) = makeViewModel()
        let report = try #require(try await Harness(viewModel).loaded()).report
        #expect(report.interview == Sample.interview())
        #expect(report.outcome == .ready(Sample.report))
        #expect(report.sections.map(\.data) == [nil, .tips(Sample.report.tips!), .character(Sample.report.character!),
                                                 .aptitude(Sample.report.aptitude!), .keywords(Sample.report.keywords!)])
    }

    @Test func aNullSectionIsNotAvailableNotDropped() async throws {
        let report = AnalysisReport(tips: Sample.report.tips, character: nil, aptitude: Sample.report.aptitude,
                                    keywords: Sample.report.keywords)
        let (viewModel, _, _) = makeViewModel(report: [.success(.ready(report))])
        let sections = try #require(try await Harness(viewModel).loaded()).sections
        #expect(sections.map(\.section) == [.title, .tips, .character, .aptitude, .keywords])
        #expect(sections[2].content == nil)
    }

    @Test func aSelectionKeepsOnlyTheChosenSectionsInTheKindsOrder() async throws {
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(.personality)),
                                              sections: [.keywords, .tips, .aptitude])
        let sections = try #require(try await Harness(viewModel).loaded()).sections
        #expect(sections.map(\.section) == [.tips, .keywords])
    }

    @Test func theVideoReportIsAskedForOnlyWhenItsSectionIsSelected() async throws {
        let video = FakeVideoReportUseCase()
        let (viewModel, _, _) = makeViewModel(video: video)
        let sections = try #require(try await Harness(viewModel).loaded()).sections
        #expect(!sections.map(\.section).contains(.video))
        #expect(video.calls.withLock { $0 } == 0)
    }

    @Test func aPendingAnalysisIsAState() async throws {
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(status: .pending)),
                                              report: [.success(.pending)])
        let loaded = try #require(try await Harness(viewModel).loaded())
        #expect(loaded.isPending)
        #expect(loaded.sections.isEmpty)
        #expect(loaded.title.analysisText == "pending")
    }

    @Test func theInputGivenAgainAsksAgainAsAPollDoes() async throws {
        let (viewModel, interviewUseCase, reportUseCase) = makeViewModel(report: [.success(.pending), .success(.ready(Sample.report))])
        let harness = Harness(viewModel)
        let first = try #require(try await harness.loaded())
        #expect(first.isPending)
        let second = try #require(try await harness.loaded())
        #expect(second.sections.map(\.section) == [.title, .tips, .character, .aptitude, .keywords])
        #expect(interviewUseCase.calls.withLock { $0 } == 2)
        #expect(reportUseCase.calls.withLock { $0 } == 2)
    }

    @Test func aFailedAnalysisIsAnErrorEvent() async throws {
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(status: .failed)),
                                              report: [.success(.pending)])
        let output = try await Harness(viewModel).output()
        #expect(output.error == .analysisFailed(Sample.term))
        #expect(output.state == .idle)
    }

    @Test func errorsAreEventsOfTheirInputOnly() async throws {
        let (viewModel, _, _) = makeViewModel(report: [.failure(.notFound(.unexpected("없는 면접입니다"))), .success(.ready(Sample.report))])
        let harness = Harness(viewModel)
        let failed = try await harness.output()
        #expect(failed.error == .notFound(.unexpected("없는 면접입니다")))
        #expect(failed.state == .idle)
        // The next input's output does not carry the old event.
        let next = try await harness.output()
        #expect(next.error == nil)
        #expect(next.state.value != nil)
    }

    @Test func rejectedCredentialsNavigateToSignInInsteadOfAnErrorEvent() async throws {
        let navigator = RecordingNavigator()
        let (viewModel, _, _) = makeViewModel(interview: .failure(.unauthorized(.unexpected("token_expired"))),
                                              report: [.failure(.unauthorized(.unexpected("token_expired")))], navigator: navigator)
        let output = try await Harness(viewModel).output()
        #expect(output.error == nil)
        #expect(output.state == .idle)
        #expect(navigator.toSignIn_calls.withLock { $0 } == [.unexpected("token_expired")])
        #expect(navigator.toHints_calls.withLock { $0 }.isEmpty)
    }

    @Test func anUnknownKindShowsOnlyWhatHasData() async throws {
        let report = AnalysisReport(tips: Sample.report.tips, character: nil, aptitude: nil, keywords: ["리더십"])
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(.other("SITUATION"))),
                                              report: [.success(.ready(report))])
        let loaded = try #require(try await Harness(viewModel).loaded())
        #expect(loaded.sections.map(\.section) == [.title, .tips, .keywords])
        #expect(loaded.title.kindText == "SITUATION · BASIC")
    }

    @Test func aReadyReportNavigatesToItsHintsAndCarriesThem() async throws {
        let hint = HintViewData(Hint(section: .aptitude, title: "읽는 법", body: "설명"))
        let navigator = RecordingNavigator(hints: [hint])
        let (viewModel, _, _) = makeViewModel(navigator: navigator)
        let output = try await Harness(viewModel).output()
        #expect(output.hints == [hint])
        #expect(navigator.toHints_calls.withLock { $0 } == [Sample.term])
    }

    @Test func aPendingReportHasNoHints() async throws {
        let navigator = RecordingNavigator(hints: [HintViewData(Hint(section: .aptitude, title: "읽는 법", body: "설명"))])
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(status: .pending)),
                                              report: [.success(.pending)], navigator: navigator)
        let output = try await Harness(viewModel).output()
        #expect(output.hints.isEmpty)
        #expect(navigator.toHints_calls.withLock { $0 }.isEmpty)
    }
}
