import Domain
import Presentation

extension AppContainer {
    func makeHintScreen(_ section: ReportSection) throws -> LoadViewModel<HintViewData> {
        let provider = try makeUseCaseProvider()
        return .hint(section, useCase: provider.makeHintUseCase(), serviceCheckUseCase: provider.makeServiceCheckUseCase(),
                     navigator: TerminalNavigator())
    }

    func makeTerminalHintView() -> TerminalHintView {
        TerminalHintView(style: makeTextStyle(), columns: standardOutput.columns, words: makeWords())
    }
}
