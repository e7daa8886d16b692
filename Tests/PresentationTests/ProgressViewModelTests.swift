import Domain
import Presentation
import Synchronization
import Testing

/// A member's history for the progress screens: the interview, list and report use cases over
/// one table of interviews (newest first), counting report requests.
final class FakeHistory: InterviewUseCase, AnalysisReportUseCase, InterviewListUseCase {
    let interviews: [(InterviewTerm, AnalysisResult)]
    let reportCalls = Mutex(0)

    init(_ interviews: [(InterviewTerm, AnalysisResult)]) {
        self.interviews = interviews
    }

    static func entry(_ term: UInt32, _ kind: ItemType, date: String, status: AnalysisStatus = .done,
                      responsibility: Int = 50) -> (InterviewTerm, AnalysisResult) {
        let interview = InterviewTerm(termNo: TermNumber(term)!, companyName: "회사", occupationName: nil, careerName: nil,
                                      registeredAt: date, itemType: kind, programLevel: nil, analysisStatus: status)
        let report = AnalysisReport(tips: nil, character: CharacterProfile(type: "", description: "", traits: [
            Trait(name: "책임감", score: responsibility, level: .mid, comment: ""),
        ]), aptitude: nil, keywords: ["협업"])
        return (interview, status == .done ? .ready(report) : .pending)
    }

    func interview(termNo: TermNumber) async throws -> InterviewTerm {
        guard let entry = interviews.first(where: { $0.0.termNo == termNo }) else { throw ReportError.notFound(.unexpected("term \(termNo)")) }
        return entry.0
    }

    func analysisReport(termNo: TermNumber) async throws -> AnalysisResult {
        reportCalls.withLock { $0 += 1 }
        guard let entry = interviews.first(where: { $0.0.termNo == termNo }) else { throw ReportError.notFound(.unexpected("term \(termNo)")) }
        return entry.1
    }

    func completedInterviews(page: Int, size: Int) async throws -> InterviewPage {
        let items = Array(interviews.map(\.0).dropFirst((page - 1) * size).prefix(size))
        return InterviewPage(items: items, page: page, size: size, total: interviews.count)
    }
}

@Suite("The compare and trend view models")
struct ProgressViewModelTests {
    static let history = FakeHistory([
        FakeHistory.entry(5, .company, date: "2026-05-01T10:00:00+09:00", status: .pending),
        FakeHistory.entry(4, .personality, date: "2026-04-01T10:00:00+09:00", responsibility: 80),
        FakeHistory.entry(3, .company, date: "2026-03-01T10:00:00+09:00", responsibility: 70),
        FakeHistory.entry(2, .personality, date: "2026-02-01T10:00:00+09:00", responsibility: 60),
        FakeHistory.entry(1, .personality, date: "2026-01-01T10:00:00+09:00", responsibility: 40),
    ])

    static func loader(_ history: FakeHistory = history) -> ProgressLoader {
        ProgressLoader(interviewUseCase: history, analysisReportUseCase: history, interviewListUseCase: history, parallel: 2)
    }

    /// Loads once; the value, or the error event.
    static func load<Value>(_ viewModel: LoadViewModel<Value>) async -> Result<Value, ReportError> {
        guard let output = try? await viewModel.transform(input: .init()) else { return .failure(.cancelled) }
        if let value = output.state.value { return .success(value) }
        return .failure(output.error ?? .cancelled)
    }

    @Test func compareTwoTermsComparesTheFirstWithTheSecond() async throws {
        let viewModel = LoadViewModel<ComparisonViewData>.comparison(.terms(TermNumber(1)!, TermNumber(4)!), loader: Self.loader(),
                                                                     serviceCheckUseCase: nil, navigator: RecordingNavigator())
        let value = try await Self.load(viewModel).get()
        #expect(value.comparison.before.termNo == TermNumber(1)! && value.comparison.after.termNo == TermNumber(4)!)
        #expect(value.comparison.traits.first?.change == 40)
        #expect(value.after.kindText.hasPrefix("Personality interview"))
        #expect(ChangeText.text(value.comparison.traits.first?.change) == "▲ 40")
    }

    @Test func twoTermsGivenNewerFirstAreComparedFromTheOlder() async throws {
        let viewModel = LoadViewModel<ComparisonViewData>.comparison(.terms(TermNumber(4)!, TermNumber(1)!), loader: Self.loader(),
                                                                     serviceCheckUseCase: nil, navigator: RecordingNavigator())
        let value = try await Self.load(viewModel).get()
        #expect(value.comparison.before.termNo == TermNumber(1)! && value.comparison.after.termNo == TermNumber(4)!)
        #expect(value.comparison.traits.first?.change == 40, "40 → 80 is ▲ 40, not ▼ 40")
        #expect(value.reordered && !value.kindsDiffer && !value.sameInterview)
        let kinds = try await Self.load(LoadViewModel<ComparisonViewData>.comparison(.terms(TermNumber(2)!, TermNumber(3)!),
            loader: Self.loader(), serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(!kinds.reordered && kinds.kindsDiffer)
        let same = try await Self.load(LoadViewModel<ComparisonViewData>.comparison(.terms(TermNumber(3)!, TermNumber(3)!),
            loader: Self.loader(), serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(same.sameInterview && !same.reordered)
    }

    @Test func aPendingTermCannotBeCompared() async {
        let viewModel = LoadViewModel<ComparisonViewData>.comparison(.terms(TermNumber(5)!, TermNumber(4)!), loader: Self.loader(),
                                                                     serviceCheckUseCase: nil, navigator: RecordingNavigator())
        #expect(await Self.load(viewModel) == .failure(.analysisPending(TermNumber(5)!)))
    }

    @Test func aTrendIsOldestFirstAndFollowsTheRequest() async throws {
        let all = try await Self.load(LoadViewModel<TrendViewData>.trend(TrendRequest(), loader: Self.loader(),
                                                                           serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(all.trend.reports.map(\.termNo.rawValue) == [1, 2, 3, 4])
        #expect(all.trend.traits.first?.points.map(\.value) == [40, 60, 70, 80])
        #expect(all.titles.count == 4)

        let personality = try await Self.load(LoadViewModel<TrendViewData>.trend(
            TrendRequest(filter: InterviewFilter(kinds: [.personality]), last: 2), loader: Self.loader(),
            serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(personality.trend.reports.map(\.termNo.rawValue) == [2, 4], "the last two personality interviews")

        let since = try await Self.load(LoadViewModel<TrendViewData>.trend(TrendRequest(since: "2026-02-01"), loader: Self.loader(),
                                                                             serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(since.trend.reports.map(\.termNo.rawValue) == [2, 3, 4])
    }

    @Test func interviewsAreTakenByTheirDateWhateverOrderTheServiceListsThemIn() async throws {
        // Listed oldest, newest, middle; one date written in UTC (2026-03-01T01:30Z is 10:30 KST,
        // after term 3's 10:00 KST).
        let history = FakeHistory([
            FakeHistory.entry(1, .personality, date: "2026-01-01T10:00:00+09:00", responsibility: 40),
            FakeHistory.entry(4, .personality, date: "2026-03-01T01:30:00Z", responsibility: 80),
            FakeHistory.entry(2, .personality, date: "2026-02-01T10:00:00+09:00", responsibility: 60),
            FakeHistory.entry(3, .personality, date: "2026-03-01T10:00:00+09:00", responsibility: 70),
        ])
        let all = try await Self.load(LoadViewModel<TrendViewData>.trend(TrendRequest(), loader: Self.loader(history),
                                                                           serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(all.trend.reports.map(\.termNo.rawValue) == [1, 2, 3, 4])
        #expect(all.trend.traits.first?.points.map(\.value) == [40, 60, 70, 80])
        let last = try await Self.load(LoadViewModel<TrendViewData>.trend(TrendRequest(last: 2), loader: Self.loader(history),
                                                                            serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(last.trend.reports.map(\.termNo.rawValue) == [3, 4], "the newest two by date, not the first two listed")
        let latest = try await Self.load(LoadViewModel<ComparisonViewData>.comparison(.latest(filter: InterviewFilter()),
            loader: Self.loader(history), serviceCheckUseCase: nil, navigator: RecordingNavigator())).get()
        #expect(latest.comparison.before.termNo == TermNumber(3)! && latest.comparison.after.termNo == TermNumber(4)!)
    }

    @Test func compareLatestTakesTwoOfTheNewestOnesKind() async throws {
        let viewModel = LoadViewModel<ComparisonViewData>.comparison(.latest(filter: InterviewFilter()), loader: Self.loader(),
                                                                     serviceCheckUseCase: nil, navigator: RecordingNavigator())
        let value = try await Self.load(viewModel).get()
        #expect(value.comparison.before.termNo == TermNumber(2)! && value.comparison.after.termNo == TermNumber(4)!,
                "4 is the newest done, a personality interview; 3 is a company one, so 2")
        #expect(value.latestKind == .personality)
        let alone = FakeHistory([FakeHistory.entry(2, .company, date: "2026-02-01T10:00:00+09:00"),
                                 FakeHistory.entry(1, .personality, date: "2026-01-01T10:00:00+09:00")])
        let result = await Self.load(LoadViewModel<ComparisonViewData>.comparison(.latest(filter: InterviewFilter()),
            loader: Self.loader(alone), serviceCheckUseCase: nil, navigator: RecordingNavigator()))
        #expect(result.failure?.englishDetail
                == "needs two interviews of one kind whose analysis is done; the newest is a company interview, and there is 1 of its kind")
    }

    @Test func fewerThanTwoReportsIsNotFound() async {
        let history = FakeHistory([FakeHistory.entry(1, .company, date: "2026-01-01T10:00:00+09:00")])
        let result = await Self.load(LoadViewModel<TrendViewData>.trend(TrendRequest(), loader: Self.loader(history),
                                                                          serviceCheckUseCase: nil, navigator: RecordingNavigator()))
        #expect(result.failure?.englishDetail == "needs at least two interviews whose analysis is done, found 1")
    }
}
