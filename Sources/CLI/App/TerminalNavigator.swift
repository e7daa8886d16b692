import Domain
import Presentation

/// The CLI's navigator. A terminal has no sign-in screen: sending the user to sign in ends the
/// command with the "unauthorized" error, whose line says what to run. After a report, with
/// `--explain`, it loads the hints of the report's sections, to show with it.
struct TerminalNavigator: ReportNavigator {
    /// The hints' use cases (`--explain`); nil: no hints after a report.
    struct Hints: Sendable {
        let useCase: any HintUseCase
        let serviceCheckUseCase: any ServiceCheckUseCase
    }

    var hints: Hints?

    func toSignIn(reason: Detail) async throws {
        throw ReportError.unauthorized(reason)
    }

    /// The hints of the sections shown that have data, in their order.
    func toHints(after report: ReportViewData) async throws -> [HintViewData] {
        guard let hints else { return [] }
        var loaded: [HintViewData] = []
        for shown in report.report.sections where shown.data != nil && ReportSection.withHints.contains(shown.section) {
            let viewModel = LoadViewModel<HintViewData>.hint(shown.section, useCase: hints.useCase,
                                               serviceCheckUseCase: hints.serviceCheckUseCase, navigator: self)
            loaded.append(try await viewModel.value(context: "hint for \(shown.section.rawValue)"))
        }
        return loaded
    }
}
