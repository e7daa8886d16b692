import Domain
import Presentation
import Terminal

/// `report fetch`: runs the report screen for one term and writes its outcome — the whole
/// document on stdout, or nothing there and one line on stderr. The `fetch` functions are the
/// part a batch shares: they render one term's outcome without writing it, on a screen of the
/// term's own (`--wait`) or on the batch's one screen.
struct FetchFlow: Sendable {
    let makeScreen: @Sendable (TermNumber) -> ReportScreen
    /// One screen for many terms (a batch without `--wait`), on the same provider.
    let makeBatchScreen: @Sendable () -> ReportBatchScreen
    /// The deep-link screen (`--link`), on the same provider as the report screens.
    let makeLinkScreen: @Sendable () -> AnalysisLinkScreen
    let format: Format
    /// With `--wait`: how long to keep asking while the analysis is still running.
    let waitTimeout: Duration?
    let terminalView: TerminalReportView
    /// `--explain` (text, one term): how to read each section shown, after the report.
    var explain = false
    /// Loads a section's hint (the hint screen), for `--explain`.
    var loadHint: @Sendable (ReportSection) async throws -> HintViewData = { _ in throw CancellationError() }
    var hintView = TerminalHintView(style: .plain, columns: nil)
    let standardOutput: StandardStream
    let standardError: StandardStream

    /// How a document is rendered.
    enum Format: Sendable {
        /// For a person: the sections as text.
        case text
        /// One JSON document, indented when `pretty`.
        case json(pretty: Bool)
        /// Markdown, to paste into a note or an issue.
        case markdown
        /// A whole HTML page, or (`page: false`, a batch) the report's `<article>` alone.
        case html(page: Bool)
    }

    /// What fetching one term came to, rendered and ready to write; the entities are gone.
    struct TermOutcome: Sendable {
        let termNo: TermNumber
        /// The document to print (UTF-8): the report, or what is known of it while the analysis is pending.
        let document: [UInt8]?
        /// Why the term did not succeed; nil when it did. A pending analysis has both.
        let failure: CLIError?
        /// Sections asked for with `--section` that this kind of interview does not have.
        var missing = MissingSections?.none
    }

    /// `--section` asked for sections the interview's kind does not show: said on stderr, since
    /// the report is otherwise complete and a script would not notice the gap.
    struct MissingSections: Sendable, Hashable {
        let kind: ItemType
        let sections: [ReportSection]

        func note(termNo: TermNumber) -> String {
            let kindName = switch kind {
            case .company: "a company interview"
            case .personality: "a personality interview"
            case .competency: "a competency interview"
            case .other(let code): code.isEmpty ? "an interview of no kind" : "an interview of kind \(PrintableText.line(code))"
            }
            let names = sections.map(\.rawValue).joined(separator: ", ")
            return "report: term \(termNo): \(kindName) has no \(names) section\(sections.count == 1 ? "" : "s")\n"
        }
    }

    /// `--section`: what was asked for (nil: the kind's own sections).
    var selection: Set<ReportSection>?

    func run(termNo: TermNumber) async throws -> ExitStatus {
        let progress = WaitProgress(termNo: termNo, standardError: standardError)
        let outcome = await fetch(termNo, onWait: progress.show)
        progress.clear()
        // The document is rendered whole before any of it is written: stdout gets all or nothing.
        if let document = outcome.document { try standardOutput.write(bytes: document) }
        if let missing = outcome.missing { standardError.note(missing.note(termNo: termNo)) }
        guard let failure = outcome.failure else { return .success }
        guard failure.status == .pending else { throw failure }
        let waited = waitTimeout.map { "still not ready after waiting \(WaitProgress.text($0))" }
        if case .json = format {
            // A pipeline reads the document's `"analysis": {"status": "pending"}`; stderr says why
            // the status is 75 as one object, in the error objects' shape.
            let message = failure.message + (waited.map { "; " + $0 } ?? "")
            let hint = waited == nil ? "try again later or use --wait" : "try again later"
            let body = ErrorDocument.Body(code: failure.code, message: message, hint: hint,
                                          exitCode: failure.status.rawValue, httpStatus: nil)
            standardError.note(JSONWriter.text(of: ErrorDocument(error: body), pretty: false) + "\n")
            return .pending
        }
        let advice = waited ?? "the title above is all there is so far; try again later or use --wait"
        standardError.note("report: \(failure.message); \(advice)\n")
        return .pending
    }

    /// `--link`: the deep link is followed only when it is the signed-in member's.
    func run(link: AnalysisCompleteLink) async throws -> ExitStatus {
        switch await makeLinkScreen().run(link) {
        case .navigation(.report(let termNo)):
            return try await run(termNo: termNo)
        case .navigation(.login(let reason)):
            throw CLIError(.unauthorized(reason), context: "link")
        case .navigation(.hint):
            throw CLIError(.cancelled, context: "link")
        case .failure(.forbidden(let detail)):
            throw CLIError(message: "link: \(detail)",
                           hint: "open a link meant for you, or sign in as that member (report auth login --profile …)",
                           kind: .forbidden)
        case .failure(let error):
            throw CLIError(error, context: "link")
        }
    }

    /// Fetches one term (waiting while it is pending, with `--wait`) and renders the outcome.
    /// Never throws: a failure is part of the outcome, so that a batch carries on.
    func fetch(_ termNo: TermNumber, onWait: @escaping @Sendable (_ waited: Duration) -> Void = { _ in }) async -> TermOutcome {
        let polling = waitTimeout.map { ReportScreen.Polling(timeout: $0, onWait: onWait) }
        let screenOutcome = await makeScreen(termNo).run(polling: polling, explaining: explain)
        guard case .explained(let title, let analysis, let hints) = screenOutcome else {
            return outcome(of: screenOutcome, termNo: termNo)
        }
        // The hints the screen navigated to, loaded and rendered with the report: the document stays whole.
        var loaded: [HintViewData] = []
        for section in hints {
            do {
                loaded.append(try await loadHint(section))
            } catch {
                let failure = error as? CLIError ?? CLIError(ReportError(error), context: "hint for \(section.rawValue)")
                return TermOutcome(termNo: termNo, document: nil, failure: failure)
            }
        }
        return outcome(of: .report(title: title, analysis: analysis), termNo: termNo, hints: loaded)
    }

    /// Fetches one term of a batch through the batch's screen (`makeBatchScreen`; without
    /// `--wait`, which needs a screen of the term's own) and renders the outcome.
    func fetch(_ termNo: TermNumber, on screen: ReportBatchScreen) async -> TermOutcome {
        switch await screen.report(termNo) {
        case .report(let title, let analysis):
            outcome(of: .report(title: title, analysis: analysis), termNo: termNo)
        case .failure(let error):
            outcome(of: .failure(error), termNo: termNo)
        }
    }

    private func outcome(of screenOutcome: ReportScreen.Outcome, termNo: TermNumber, hints: [HintViewData] = []) -> TermOutcome {
        let context = "term \(termNo)"
        switch screenOutcome {
        case .report(let title, let analysis):
            if case .failed = analysis {
                return TermOutcome(termNo: termNo, document: nil, failure: CLIError(.analysisFailed(termNo), context: context))
            }
            let document = render(title: title, analysis: analysis, hints: hints)
            var failure: CLIError?
            if case .pending = analysis { failure = CLIError(.analysisPending(termNo), context: context) }
            var outcome = TermOutcome(termNo: termNo, document: document, failure: failure)
            if case .ready(let sections) = analysis, let selection {
                let missing = ReportSection.allCases.filter { asked in
                    asked != .title && selection.contains(asked) && !sections.contains { $0.section == asked }
                }
                if !missing.isEmpty { outcome.missing = MissingSections(kind: title.interview.itemType, sections: missing) }
            }
            return outcome
        case .failure(let error):
            return TermOutcome(termNo: termNo, document: nil, failure: CLIError(error, context: context))
        case .navigation(.login(let reason)):
            return TermOutcome(termNo: termNo, document: nil, failure: CLIError(.unauthorized(reason), context: context))
        case .explained(let title, let analysis, _):
            return outcome(of: .report(title: title, analysis: analysis), termNo: termNo)
        case .navigation(.hint), .navigation(.report):
            // Hints arrive only when explaining (`.explained`), and the report screen never links.
            return TermOutcome(termNo: termNo, document: nil, failure: CLIError(.cancelled, context: context))
        }
    }

    /// The document of one term; `hints` (`--explain`) follow the report.
    private func render(title: TitleViewData, analysis: ReportViewState.Analysis, hints: [HintViewData]) -> [UInt8] {
        switch format {
        case .json(let pretty):
            return ReportRendering.jsonBytes(title: title, analysis: analysis, pretty: pretty)
        case .text:
            var text = ReportRendering.text(title: title, analysis: analysis, view: terminalView)
            if !hints.isEmpty {
                text += "\n" + terminalView.style.bold("How to read this report") + "\n"
                for hint in hints { text += "\n" + hintView.render(hint) }
            }
            return Array(text.utf8)
        case .markdown:
            return Array(ReportRendering.markdown(title: title, analysis: analysis, hints: hints).utf8)
        case .html(let page):
            return Array(ReportRendering.html(title: title, analysis: analysis, hints: hints, page: page).utf8)
        }
    }
}
