import Presentation

extension AppContainer {
    func makeServiceStatusScreen() throws -> LoadViewModel<ServiceStatusViewData> {
        .serviceStatus(useCase: try makeUseCaseProvider().makeServiceCheckUseCase(), navigator: TerminalNavigator())
    }
}
