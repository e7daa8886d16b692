import Domain
import Presentation

extension AppContainer {
    /// `report search`: the store's search index, made without a provider (no transport, no
    /// libcurl): a search makes no request.
    func makeSearchFlow(format: SearchFlow.Format) throws -> SearchFlow {
        let useCase = try makeSearchUseCase()
        return SearchFlow(
            screen: { query in LoadViewModel(load: { try await useCase.search(query) }, navigator: TerminalNavigator()) },
            format: format, style: makeTextStyle(), words: makeWords(),
            standardOutput: standardOutput, standardError: standardError)
    }
}
