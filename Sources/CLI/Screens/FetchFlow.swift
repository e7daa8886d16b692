import Domain
import Presentation

/// `report fetch`: runs the report screen for one term and writes its outcome — the whole
/// document on stdout, or nothing there and one line on stderr.
struct FetchFlow: Sendable {
    let makeScreen: @Sendable (TermNumber) -> ReportScreen
    let json: Bool
    /// With `--wait`: how long to keep asking while the analysis is still running.
    let waitTimeout: Duration?
    let terminalView: TerminalReportView
    let standardOutput: StandardStream
    let standardError: StandardStream

    func run(termNo: TermNumber) async throws -> ExitStatus {
        let context = "term \(termNo)"
        let progress = WaitProgress(termNo: termNo, standardError: standardError)
        let polling = waitTimeout.map { ReportScreen.Polling(timeout: $0, onWait: progress.show) }
        let outcome = await makeScreen(termNo).run(polling: polling)
        progress.clear()
        switch outcome {
        case .report(let title, let analysis):
            if case .failed = analysis {
                throw CLIError(.analysisFailed(termNo), context: context)
            }
            // Render the whole document before writing any of it: stdout gets all or nothing.
            standardOutput.write(try render(title: title, analysis: analysis))
            if case .pending = analysis {
                let pending = CLIError(.analysisPending(termNo), context: context)
                let advice = waitTimeout.map { "still not ready after waiting \(WaitProgress.text($0))" }
                    ?? "the title above is all there is so far; try again later or use --wait"
                standardError.write("report: \(pending.message); \(advice)\n")
                return .pending
            }
            return .success
        case .failure(let error):
            throw CLIError(error, context: context)
        case .navigation(.login(let reason)):
            throw CLIError(.unauthorized(reason), context: context)
        case .navigation(.hint):
            // The fetch screen never fires the hint trigger.
            return .success
        }
    }

    private func render(title: TitleViewData, analysis: ReportViewState.Analysis) throws -> String {
        if json {
            do {
                return try ReportRendering.json(title: title, analysis: analysis, pretty: standardOutput.isTerminal)
            } catch {
                throw CLIError(message: "could not encode the report as JSON (\(error))", status: .internalError,
                               code: "internal")
            }
        }
        return ReportRendering.text(title: title, analysis: analysis, view: terminalView)
    }
}
