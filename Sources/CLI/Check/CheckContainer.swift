import Presentation

extension AppContainer {
    func makeCheckFlow(json: Bool) throws -> CheckFlow {
        let provider = try makeUseCaseProvider()
        let baseURL = try makeSettings().baseURL
        return CheckFlow(
            makeViewModel: { termNo in
                SmokeCheckViewModel(termNo: termNo, serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                                    interviewListUseCase: provider.makeInterviewListUseCase(),
                                    interviewUseCase: provider.makeInterviewUseCase(),
                                    analysisReportUseCase: provider.makeAnalysisReportUseCase())
            },
            json: json, style: makeTextStyle(), standardOutput: standardOutput, words: makeWords(),
            baseURL: baseURL, signInHint: signInHint)
    }
}
