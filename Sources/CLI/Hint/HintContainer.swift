import Domain
import Presentation

extension AppContainer {
    func makeHintScreen(_ section: ReportSection) throws -> LoadScreen<HintViewData> {
        let provider = try makeUseCaseProvider()
        let navigator = TerminalNavigator()
        return LoadScreen(viewModel: .hint(section, useCase: provider.makeHintUseCase(),
                                           serviceCheckUseCase: provider.makeServiceCheckUseCase(), navigator: navigator),
                          navigator: navigator)
    }

    func makeTerminalHintView() -> TerminalHintView {
        TerminalHintView(style: makeTextStyle(), columns: standardOutput.columns, words: makeWords())
    }
}
