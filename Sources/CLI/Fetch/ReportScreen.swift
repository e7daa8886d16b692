import Domain
import Presentation

/// Binds a `ReportViewModel` the way a terminal uses it: fire the load and total-report triggers
/// once, then wait for the first of a final state, an error event or a navigation request.
struct ReportScreen: Sendable {
    enum Outcome: Sendable {
        /// The report (or, when `analysis` is `.pending`/`.failed`, what is known of it).
        case report(title: TitleViewData, analysis: ReportViewState.Analysis)
        /// A ready report and the sections whose hints the screen navigated to (`explaining`).
        case explained(title: TitleViewData, analysis: ReportViewState.Analysis, hints: [ReportSection])
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
    /// again with exponential backoff until it is ready or the timeout has passed. With
    /// `explaining`, a ready report also fires the hint trigger of each of its sections that has
    /// data and a hint (the seed's hint buttons): the outcome is then the navigator's hint
    /// requests, in order, with the report (`explained`).
    func run(polling: Polling? = nil, explaining: Bool = false) async -> Outcome {
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
        var ready: (title: TitleViewData, analysis: ReportViewState.Analysis, awaited: Int)?
        var hints: [ReportSection] = []
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
                case .ready(let sections) where explaining:
                    guard ready == nil else { continue }
                    let explained = sections.filter { $0.content != nil && ReportSection.withHints.contains($0.section) }
                    guard !explained.isEmpty else { return .report(title: title, analysis: state.analysis) }
                    ready = (title, state.analysis, explained.count)
                    for section in explained { hintTrigger.yield(section.section) }
                case .ready, .failed: return .report(title: title, analysis: state.analysis)
                case .loading, .notRequested: continue
                }
            case .failure(let event): return .failure(event.error)
            case .navigation(.hint(let section)):
                hints.append(section)
                if let ready, hints.count == ready.awaited {
                    return .explained(title: ready.title, analysis: ready.analysis, hints: hints)
                }
            case .navigation(let destination): return .navigation(destination)
            }
        }
        // Every source ending without an outcome: only cancellation (Ctrl-C) does that.
        return .failure(.cancelled)
    }
}
