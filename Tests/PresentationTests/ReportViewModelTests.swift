import Domain
@testable import Presentation
import Testing

@Suite("ReportViewModel: triggers in, state and events out")
struct ReportViewModelTests {
    func makeViewModel(interview: Result<InterviewTerm, ReportError> = .success(Sample.interview()),
                       report: Result<AnalysisResult, ReportError> = .success(.ready(Sample.report)),
                       sections: Set<ReportSection>? = nil,
                       navigator: RecordingNavigator = RecordingNavigator())
        -> (ReportViewModel, FakeInterviewUseCase, FakeAnalysisReportUseCase) {
        let interviewUseCase = FakeInterviewUseCase(interview)
        let reportUseCase = FakeAnalysisReportUseCase(report)
        let viewModel = ReportViewModel(termNo: Sample.term, sections: sections, interviewUseCase: interviewUseCase,
                                        analysisReportUseCase: reportUseCase, navigator: navigator)
        return (viewModel, interviewUseCase, reportUseCase)
    }

    @Test func theStateStartsEmptyAndIsReplayedToEachSubscriber() async {
        let (viewModel, _, _) = makeViewModel()
        let harness = Harness(viewModel)
        #expect(harness.output.state.value == .initial)
        var first = harness.output.state.makeAsyncIterator()
        #expect(await first.next() == .initial)
        var second = harness.output.state.makeAsyncIterator()
        #expect(await second.next() == .initial)
        harness.finishInputs()
    }

    @Test func loadShowsTheTitleOnly() async throws {
        let (viewModel, _, reportUseCase) = makeViewModel()
        let harness = Harness(viewModel)
        harness.load.yield()
        let states = await harness.states { $0.title != nil }
        let last = try #require(states.last)
        #expect(last.title?.headline == "사람인 · iOS 개발 · 경력 3년")
        #expect(last.title?.kindText == "Company interview · BASIC")
        #expect(last.title?.dateText == "2026-11-02 10:15 KST")
        #expect(last.analysis == .notRequested)
        #expect(reportUseCase.calls.withLock { $0 } == 0)
        harness.finishInputs()
    }

    @Test func totalReportShowsTheSectionsOfTheKindInOrderAndFetchesTheInterviewOnce() async throws {
        let (viewModel, interviewUseCase, _) = makeViewModel()
        let harness = Harness(viewModel)
        harness.load.yield()
        harness.totalReport.yield()
        // Only the final state is asserted: a latest-value stream may skip the ones in between.
        let states = await harness.states { if case .ready = $0.analysis { true } else { false } }
        guard case .ready(let sections) = states.last?.analysis else {
            Issue.record("no ready state")
            return
        }
        #expect(sections.map(\.section) == [.title, .tips, .character, .aptitude, .keywords])
        #expect(sections.allSatisfy { $0.content != nil })
        #expect(interviewUseCase.calls.withLock { $0 } == 1)
    }

    @Test func aFailedInterviewFetchIsSharedByTheOtherTriggerAndAskedAgainOnTheNextOfTheSameKind() async throws {
        let (viewModel, interviewUseCase, _) = makeViewModel(interview: .failure(.invalidResponse("not JSON")))
        let harness = Harness(viewModel)
        var errors = harness.output.error.subscribe().makeAsyncIterator()
        harness.load.yield()
        #expect(await errors.next()?.trigger == .load)
        // `report fetch` fires both triggers at once; on a loaded machine the total-report trigger
        // can be handled only after the load's fetch has failed. It fails with it, asking nothing.
        harness.totalReport.yield()
        #expect(await errors.next() == ReportErrorEvent(trigger: .totalReport, error: .invalidResponse("not JSON")))
        #expect(interviewUseCase.calls.withLock { $0 } == 1)
        // A later trigger of a kind that has seen the failure (a retry, a --wait poll) asks again,
        // each time.
        harness.totalReport.yield()
        #expect(await errors.next()?.trigger == .totalReport)
        #expect(interviewUseCase.calls.withLock { $0 } == 2)
        harness.totalReport.yield()
        #expect(await errors.next()?.trigger == .totalReport)
        #expect(interviewUseCase.calls.withLock { $0 } == 3)
        harness.finishInputs()
    }

    @Test func sectionsAreFormattedForDisplay() async throws {
        let (viewModel, _, _) = makeViewModel()
        let harness = Harness(viewModel)
        harness.totalReport.yield()
        let states = await harness.states { if case .ready = $0.analysis { true } else { false } }
        guard case .ready(let sections) = states.last?.analysis else { Issue.record("no ready state"); return }
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
        #expect(keywords.text == "#협업 #문제_해결")
    }

    @Test func aNullSectionIsNotAvailableNotDropped() async throws {
        let report = AnalysisReport(tips: Sample.report.tips, character: nil, aptitude: Sample.report.aptitude,
                                    keywords: Sample.report.keywords)
        let (viewModel, _, _) = makeViewModel(report: .success(.ready(report)))
        let harness = Harness(viewModel)
        harness.totalReport.yield()
        let states = await harness.states { if case .ready = $0.analysis { true } else { false } }
        guard case .ready(let sections) = states.last?.analysis else { Issue.record("no ready state"); return }
        #expect(sections.map(\.section) == [.title, .tips, .character, .aptitude, .keywords])
        #expect(sections[2].content == nil)
    }

    @Test func aSelectionKeepsOnlyTheChosenSectionsInTheKindsOrder() async throws {
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(.personality)),
                                              sections: [.keywords, .tips, .aptitude])
        let harness = Harness(viewModel)
        harness.totalReport.yield()
        let states = await harness.states { if case .ready = $0.analysis { true } else { false } }
        guard case .ready(let sections) = states.last?.analysis else { Issue.record("no ready state"); return }
        #expect(sections.map(\.section) == [.tips, .keywords])
    }

    @Test func aPendingAnalysisIsAState() async throws {
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(status: .pending)),
                                              report: .success(.pending))
        let harness = Harness(viewModel)
        harness.totalReport.yield()
        let states = await harness.states { $0.analysis == .pending }
        #expect(states.last?.analysis == .pending)
        #expect(states.last?.title?.analysisText == "pending")
    }

    @Test func aFailedAnalysisIsAnErrorEvent() async throws {
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(status: .failed)),
                                              report: .success(.pending))
        let harness = Harness(viewModel)
        let errors = harness.output.error.subscribe()
        harness.totalReport.yield()
        var iterator = errors.makeAsyncIterator()
        #expect(await iterator.next() == ReportErrorEvent(trigger: .totalReport, error: .analysisFailed(Sample.term)))
        #expect(harness.output.state.value.analysis == .failed)
        harness.finishInputs()
    }

    @Test func errorsAreEventsWithTheirTriggerAndAreNotReplayed() async throws {
        let (viewModel, _, _) = makeViewModel(report: .failure(.notFound("없는 면접입니다")))
        let harness = Harness(viewModel)
        let errors = harness.output.error.subscribe()
        harness.totalReport.yield()
        var iterator = errors.makeAsyncIterator()
        #expect(await iterator.next() == ReportErrorEvent(trigger: .totalReport, error: .notFound("없는 면접입니다")))
        // A subscriber that arrives later does not see the old event.
        let late = harness.output.error.subscribe()
        harness.finishInputs()
        var lateIterator = late.makeAsyncIterator()
        #expect(await lateIterator.next() == nil)
        #expect(harness.output.state.value.analysis == .notRequested)
    }

    @Test func rejectedCredentialsNavigateToLoginInsteadOfAnErrorEvent() async throws {
        let navigator = RecordingNavigator()
        let (viewModel, _, _) = makeViewModel(interview: .failure(.unauthorized("token_expired")),
                                              report: .failure(.unauthorized("token_expired")), navigator: navigator)
        let harness = Harness(viewModel)
        let errors = harness.output.error.subscribe()
        harness.totalReport.yield()
        _ = await harness.states { $0.analysis == .notRequested && navigator.toLogin_calls.withLock { !$0.isEmpty } }
        harness.finishInputs()
        var iterator = errors.makeAsyncIterator()
        #expect(await iterator.next() == nil)
        #expect(navigator.toLogin_calls.withLock { $0 }.first == "token_expired")
    }

    @Test func theHintTriggerNavigatesToTheHint() async throws {
        let navigator = RecordingNavigator()
        let (viewModel, _, _) = makeViewModel(navigator: navigator)
        let harness = Harness(viewModel)
        harness.hint.yield(.aptitude)
        harness.hint.yield(.tips)
        harness.finishInputs()
        // The state stream ends once every input has finished and its work is done.
        for await _ in harness.output.state {}
        #expect(navigator.toHint_calls.withLock { $0 } == [.aptitude, .tips])
    }

    @Test func anUnknownKindShowsOnlyWhatHasData() async throws {
        let report = AnalysisReport(tips: Sample.report.tips, character: nil, aptitude: nil, keywords: ["리더십"])
        let (viewModel, _, _) = makeViewModel(interview: .success(Sample.interview(.other("SITUATION"))),
                                              report: .success(.ready(report)))
        let harness = Harness(viewModel)
        harness.totalReport.yield()
        let states = await harness.states { if case .ready = $0.analysis { true } else { false } }
        guard case .ready(let sections) = states.last?.analysis else { Issue.record("no ready state"); return }
        #expect(sections.map(\.section) == [.title, .tips, .keywords])
        #expect(states.last?.title?.kindText == "SITUATION · BASIC")
    }
}
