import Domain
import Presentation

/// Binds a `ReportViewModel` the way a terminal uses it: fire the load and total-report triggers
/// once, then wait for the first of a final state, an error event or a navigation request.
struct ReportScreen: Sendable {
    enum Outcome: Sendable {
        /// The report (or, when `analysis` is `.pending`/`.failed`, what is known of it).
        case report(title: TitleViewData, analysis: ReportViewState.Analysis)
        case failure(ReportError)
        case navigation(TerminalNavigator.Destination)
    }

    /// How long to keep asking while the analysis is still running (`--wait`).
    struct Polling: Sendable {
        let timeout: Duration
        var firstDelay: Duration = .milliseconds(500)
        var maximumDelay: Duration = .seconds(15)
        /// Called before each wait with the time waited so far: for a progress line.
        let onWait: @Sendable (_ waited: Duration) -> Void
    }

    let viewModel: ReportViewModel
    let navigator: TerminalNavigator

    /// Runs the screen until it has an outcome. With `polling`, a pending analysis is asked for
    /// again with exponential backoff until it is ready or the timeout has passed.
    func run(polling: Polling? = nil) async -> Outcome {
        let (load, loadTrigger) = AsyncStream.makeStream(of: Void.self)
        let (total, totalReportTrigger) = AsyncStream.makeStream(of: Void.self)
        let (hint, hintTrigger) = AsyncStream.makeStream(of: ReportSection.self)
        defer {
            loadTrigger.finish()
            totalReportTrigger.finish()
            hintTrigger.finish()
        }
        let output = viewModel.transform(input: .init(loadTrigger: load, totalReportTrigger: total, toHintTrigger: hint))
        // Bound before firing: errors are events and are not replayed.
        let binding = ScreenBinding(values: output.state.subscribe(), errors: output.error.subscribe(), navigator: navigator)
        loadTrigger.yield()
        totalReportTrigger.yield()

        let clock = ContinuousClock()
        let start = clock.now
        var delay = polling?.firstDelay ?? .zero
        for await event in binding {
            switch event {
            case .value(let state):
                guard let title = state.title else { continue }
                switch state.analysis {
                case .pending:
                    guard let polling else { return .report(title: title, analysis: state.analysis) }
                    let waited = clock.now - start
                    let remaining = polling.timeout - waited
                    guard remaining > .zero else { return .report(title: title, analysis: state.analysis) }
                    polling.onWait(waited)
                    do {
                        try await clock.sleep(for: min(delay, remaining))
                    } catch {
                        return .failure(.cancelled)
                    }
                    delay = min(delay * 2, polling.maximumDelay)
                    totalReportTrigger.yield()
                case .ready, .failed: return .report(title: title, analysis: state.analysis)
                case .loading, .notRequested: continue
                }
            case .failure(let event): return .failure(event.error)
            case .navigation(let destination): return .navigation(destination)
            }
        }
        // Every source ending without an outcome: only cancellation (Ctrl-C) does that.
        return .failure(.cancelled)
    }
}
