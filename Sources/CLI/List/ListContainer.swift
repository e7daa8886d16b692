import Domain
import Presentation

extension AppContainer {
    func makeListFlow(pageSize: Int, format: ListFlow.Format) throws -> ListFlow {
        ListFlow(viewModel: try makeInterviewListViewModel(pageSize: pageSize),
                 format: format, style: makeTextStyle(), words: makeWords(),
                 standardOutput: standardOutput, standardError: standardError)
    }

    /// The list of completed interviews, as `list` and `fetch --latest` both page through it.
    func makeInterviewListViewModel(pageSize: Int) throws -> InterviewListViewModel {
        let provider = try makeUseCaseProvider()
        return InterviewListViewModel(pageSize: pageSize, useCase: provider.makeInterviewListUseCase(),
                               serviceCheckUseCase: provider.makeServiceCheckUseCase(), navigator: TerminalNavigator())
    }
}
