import Domain
import Presentation

extension AppContainer {
    func makeListFlow(pageSize: Int, format: ListFlow.Format) throws -> ListFlow {
        let provider = try makeUseCaseProvider()
        let navigator = TerminalNavigator()
        return ListFlow(
            viewModel: makeInterviewListViewModel(pageSize: pageSize, provider: provider, navigator: navigator),
            navigator: navigator, format: format, style: makeTextStyle(), words: makeWords(),
            standardOutput: standardOutput, standardError: standardError)
    }

    /// The list of completed interviews, as `list` and `fetch --latest` both page through it.
    func makeInterviewListViewModel(pageSize: Int, provider: any UseCaseProvider,
                                    navigator: TerminalNavigator) -> InterviewListViewModel {
        InterviewListViewModel(pageSize: pageSize, useCase: provider.makeInterviewListUseCase(),
                               serviceCheckUseCase: provider.makeServiceCheckUseCase(), navigator: navigator)
    }
}
