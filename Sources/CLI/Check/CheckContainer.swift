import Domain
import Presentation

extension AppContainer {
    /// `termNo`: the report to fetch (`--term`); nil: the newest done one listed.
    func makeCheckFlow(termNo: TermNumber?, json: Bool) throws -> CheckFlow {
        let recorder = RequestRecorder()
        let provider = try makeUseCaseProvider(settings: makeSettings(), usingEnvironmentToken: true, recorder: recorder)
        let baseURL = try makeSettings().baseURL
        return CheckFlow(
            viewModel: SmokeCheckViewModel(termNo: termNo, serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                                           interviewListUseCase: provider.makeInterviewListUseCase(),
                                           interviewUseCase: provider.makeInterviewUseCase(),
                                           analysisReportUseCase: provider.makeAnalysisReportUseCase()),
            json: json, style: makeTextStyle(), standardOutput: standardOutput, words: makeWords(),
            baseURL: baseURL, signInHint: signInHint, recorder: recorder)
    }
}
