import Presentation

extension AppContainer {
    func makeServiceStatusScreen() throws -> LoadScreen<ServiceStatusViewData> {
        let provider = try makeUseCaseProvider()
        let navigator = TerminalNavigator()
        return LoadScreen(viewModel: .serviceStatus(useCase: provider.makeServiceCheckUseCase(), navigator: navigator),
                          navigator: navigator)
    }
}
