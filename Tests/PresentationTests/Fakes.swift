import Domain
import Presentation
import Synchronization

/// A fake interview use case: returns a canned result and counts calls.
final class FakeInterviewUseCase: InterviewUseCase {
    let result: Result<InterviewTerm, ReportError>
    let calls = Mutex(0)

    init(_ result: Result<InterviewTerm, ReportError>) {
        self.result = result
    }

    func interview(termNo: TermNumber) async throws -> InterviewTerm {
        calls.withLock { $0 += 1 }
        await Task.yield()
        return try result.get()
    }
}

/// A fake analysis-report use case: returns canned results in order (the last one repeats).
final class FakeAnalysisReportUseCase: AnalysisReportUseCase {
    let results: [Result<AnalysisResult, ReportError>]
    let calls = Mutex(0)

    convenience init(_ results: Result<AnalysisResult, ReportError>...) {
        self.init(results: results)
    }

    init(results: [Result<AnalysisResult, ReportError>]) {
        self.results = results
    }

    func analysisReport(termNo: TermNumber) async throws -> AnalysisResult {
        let call = calls.withLock { calls in
            defer { calls += 1 }
            return calls
        }
        return try results[min(call, results.count - 1)].get()
    }
}

/// A video-report use case that returns one canned report and counts calls.
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

/// A navigator double that records every call (sergdort's `toX_calls`); after a report it
/// answers with `hints`.
final class RecordingNavigator: ReportNavigator {
    let toSignIn_calls = Mutex<[Detail]>([])
    let toHints_calls = Mutex<[TermNumber]>([])
    let hints: [HintViewData]

    init(hints: [HintViewData] = []) {
        self.hints = hints
    }

    func toSignIn(reason: Detail) async throws {
        toSignIn_calls.withLock { $0.append(reason) }
    }

    func toHints(after report: ReportViewData) async throws -> [HintViewData] {
        toHints_calls.withLock { $0.append(report.report.interview.termNo) }
        return hints
    }
}

enum Sample {
    static let term = TermNumber(1001)!

    static func interview(_ itemType: ItemType = .company, status: AnalysisStatus = .done) -> InterviewTerm {
        InterviewTerm(termNo: term, companyName: "사람인", occupationName: "iOS 개발", careerName: "경력 3년",
                      registeredAt: "2026-11-02T10:15:00+09:00", itemType: itemType, programLevel: "BASIC",
                      analysisStatus: status)
    }

    static let report = AnalysisReport(
        tips: Tips(summary: "결론부터 말하는 습관이 좋습니다.", items: [
            Tip(category: "answer", title: "두괄식 답변", body: "핵심을 먼저 말하세요."),
        ]),
        character: CharacterProfile(type: "분석형 리더", description: "논리적으로 판단합니다.", traits: [
            Trait(name: "외향성", score: 72, level: .high, comment: "사람들과 어울리는 것을 즐깁니다."),
        ]),
        aptitude: Aptitude(grade: "B", percentile: 71, games: [
            AptitudeGame(name: "도형 회전", score: 34, maxScore: 50, percentile: 65, comment: "공간 지각이 좋습니다."),
        ]),
        keywords: ["협업", "문제 해결"]
    )
}

/// Drives a report view model's input once and returns its output.
struct Harness {
    let viewModel: ReportViewModel

    init(_ viewModel: ReportViewModel) {
        self.viewModel = viewModel
    }

    /// One input: the report of `Sample.term`.
    func output() async throws -> ReportViewModel.Output {
        try await viewModel.transform(input: .init(termNo: Sample.term))
    }

    /// One input, and the report it loads.
    func loaded() async throws -> ReportViewData? {
        try await output().state.value
    }
}

extension ReportError {
    /// The detail an error carries, in English: what a `--json` document says.
    var englishDetail: String? {
        switch self {
        case .unauthorized(let detail), .forbidden(let detail), .notFound(let detail), .badRequest(let detail),
             .invalidRequest(let detail), .invalidResponse(let detail), .notCached(let detail), .signInChanged(let detail):
            Words.english.said(detail)
        default: nil
        }
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
