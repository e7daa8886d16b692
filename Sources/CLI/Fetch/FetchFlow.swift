import Domain
import Presentation
import Terminal

/// `report fetch`: runs the report screen for one term and writes its outcome — the whole
/// document on stdout, or nothing there and one line on stderr. The `fetch` functions are the
/// part a batch shares: they render one term's outcome without writing it, on a screen of the
/// term's own (`--wait`) or through the batch's one view model.
struct FetchFlow: Sendable {
    let makeScreen: @Sendable (TermNumber) -> LoadScreen<ReportViewData>
    /// One view model for many terms (a batch without `--wait`), on the same provider.
    let makeBatchViewModel: @Sendable () -> ReportBatchViewModel
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
    /// When a Markdown or HTML document is exported (seconds since 1970): the run's clock.
    var exportedAt: Int64 = 0
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

        func note(termNo: TermNumber, words: Words = .english) -> String {
            // English says "a company interview"; a language without articles, the kind's name.
            let kindName = PrintableText.line(words.language == .english
                ? InterviewKindWords.phrase(kind) : InterviewKindWords.name(kind, words: words))
            // A section by its key in English (`aptitude`), by its name and key in Korean (`적성 검사(aptitude)`).
            let names = sections.map { words(.sectionWithKey, ["key": $0.rawValue, "heading": $0.heading(words)]) }.joined(separator: ", ")
            let message: Message = sections.count == 1 ? .noteNoSuchSection : .noteNoSuchSections
            return "report: " + words(message, ["term": "\(termNo)", "kind": kindName, "sections": names]) + "\n"
        }
    }

    /// `--section`: what was asked for (nil: the kind's own sections).
    var selection: Set<ReportSection>?

    func run(termNo: TermNumber) async throws -> ExitStatus {
        let words = terminalView.words
        let progress = WaitProgress(termNo: termNo, standardError: standardError, words: words)
        let outcome = await fetch(termNo, onWait: progress.show)
        progress.clear()
        // The document is rendered whole before any of it is written: stdout gets all or nothing.
        if let document = outcome.document { try standardOutput.write(bytes: document) }
        if let missing = outcome.missing { standardError.note(missing.note(termNo: termNo, words: words)) }
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
        let advice = waitTimeout.map { words(.pendingAfterWaiting, ["waited": WaitProgress.text($0, words: words)]) } ?? words[.pendingTitleOnly]
        standardError.note("report: " + words.line(failure.line(in: words, signingInWith: { _ in "" }).message, hint: advice) + "\n")
        return .pending
    }

    /// `--link`: the deep link is followed only when it is the signed-in member's.
    func run(link: AnalysisCompleteLink) async throws -> ExitStatus {
        switch await makeLinkScreen().run(link) {
        case .navigation(.report(let termNo)):
            return try await run(termNo: termNo)
        case .navigation(.login(let reason)):
            throw CLIError(.unauthorized(reason), context: "link")
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
        let context = "term \(termNo)"
        var polling = waitTimeout.map { Polling(timeout: $0, onWait: onWait) }
        do {
            let report = try await makeScreen(termNo).value(context: context) { report in
                report.isPending ? try await polling?.waitToAskAgain() ?? false : false
            }
            return outcome(of: report, termNo: termNo, hints: explain ? try await hints(for: report) : [])
        } catch {
            return TermOutcome(termNo: termNo, document: nil, failure: error as? CLIError ?? CLIError(ReportError(error), context: context))
        }
    }

    /// `--explain`: the hints of the sections shown that have data, in their order, loaded before
    /// anything is written so that the document stays whole.
    private func hints(for report: ReportViewData) async throws -> [HintViewData] {
        var hints: [HintViewData] = []
        for shown in report.report.sections where shown.data != nil && ReportSection.withHints.contains(shown.section) {
            do {
                hints.append(try await loadHint(shown.section))
            } catch {
                throw error as? CLIError ?? CLIError(ReportError(error), context: "hint for \(shown.section.rawValue)")
            }
        }
        return hints
    }

    /// Fetches one term of a batch through the batch's view model (`makeBatchViewModel`; without
    /// `--wait`, which needs a screen of the term's own) and renders the outcome.
    func fetch(_ termNo: TermNumber, with viewModel: ReportBatchViewModel) async -> TermOutcome {
        switch await viewModel.report(termNo) {
        case .success(let report):
            outcome(of: report, termNo: termNo)
        case .failure(let error):
            TermOutcome(termNo: termNo, document: nil, failure: CLIError(error, context: "term \(termNo)"))
        }
    }

    /// `--wait`: how long to keep asking while the analysis is still running, with exponential backoff.
    struct Polling {
        let timeout: Duration
        /// Called before each wait with the time waited so far: for a progress line.
        let onWait: @Sendable (_ waited: Duration) -> Void
        private var delay: Duration = .milliseconds(500)
        private let maximumDelay: Duration = .seconds(15)
        private let clock = ContinuousClock()
        private let start = ContinuousClock.now

        init(timeout: Duration, onWait: @escaping @Sendable (_ waited: Duration) -> Void) {
            self.timeout = timeout
            self.onWait = onWait
        }

        /// Waits before the next question and says true, or says false when the time is up.
        mutating func waitToAskAgain() async throws -> Bool {
            let waited = clock.now - start
            let remaining = timeout - waited
            guard remaining > .zero else { return false }
            onWait(waited)
            try await clock.sleep(for: min(delay, remaining))
            delay = min(delay * 2, maximumDelay)
            return true
        }
    }

    /// A ready or pending report, rendered; `hints` (`--explain`) follow it.
    private func outcome(of report: ReportViewData, termNo: TermNumber, hints: [HintViewData] = []) -> TermOutcome {
        var failure: CLIError?
        if report.isPending { failure = CLIError(.analysisPending(termNo), context: "term \(termNo)") }
        var outcome = TermOutcome(termNo: termNo, document: render(report, hints: hints), failure: failure)
        if !report.isPending, let selection {
            let missing = ReportSection.allCases.filter { asked in
                asked != .title && selection.contains(asked) && !report.report.sections.contains { $0.section == asked }
            }
            if !missing.isEmpty { outcome.missing = MissingSections(kind: report.report.interview.itemType, sections: missing) }
        }
        return outcome
    }

    /// The document of one term; `hints` (`--explain`) follow the report.
    private func render(_ report: ReportViewData, hints: [HintViewData]) -> [UInt8] {
        switch format {
        case .json(let pretty):
            return ReportDocument(report.report).bytes(pretty: pretty)
        case .text:
            var text = ReportRendering.text(report, view: terminalView)
            if !hints.isEmpty {
                text += "\n" + terminalView.style.bold(terminalView.words[.howToRead]) + "\n"
                for hint in hints { text += "\n" + hintView.render(hint) }
            }
            return Array(text.utf8)
        case .markdown:
            return Array(ReportRendering.markdown(report, hints: hints, exportedAt: exportedAt, words: terminalView.words).utf8)
        case .html(let page):
            return Array(ReportRendering.html(report, hints: hints, page: page, exportedAt: exportedAt, words: terminalView.words).utf8)
        }
    }
}
