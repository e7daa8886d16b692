import Domain
import Presentation
import Synchronization
import Terminal

/// `report fetch`: asks the report view model for one term and writes its outcome — the whole
/// document on stdout, or nothing there and one line on stderr. The `fetch` functions are the
/// part a batch shares: they render one term's outcome without writing it, through the report
/// view model (`--wait`, which polls) or the batch's.
struct FetchFlow: Sendable {
    /// The report screen of a term (its navigator loads the hints of `--explain`).
    let viewModel: ReportViewModel
    /// The deep-link screen, on the same use cases: made for `--link` only.
    var linkViewModel: AnalysisLinkViewModel?
    let format: Format
    /// With `--wait`: how long to keep asking while the analysis is still running.
    let waitTimeout: Duration?
    let terminalView: TerminalReportView
    var hintView: TerminalHintView?
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
        standardError.note("report: " + words.line(failure.said.text(in: words), hint: advice) + "\n")
        return .pending
    }

    /// `--latest`: asks `list` (the list view model, as `report list` does) for pages from the
    /// newest until one holds an interview whose analysis is done, and fetches that one.
    func run(latestOf list: InterviewListViewModel) async throws -> ExitStatus {
        var number = 1
        while true {
            let page = try await list.page(number, context: "--latest")
            if let done = page.rows.first(where: { $0.interview.analysisStatus == .done }) {
                return try await run(termNo: done.interview.termNo)
            }
            guard page.info.hasNextPage else {
                throw CLIError(.detailRefusalLatestNone, ["count": .data("\(page.info.total)")], hint: .detailRefusalSeePending, kind: .notFound)
            }
            number = page.info.page + 1
        }
    }

    /// `--link`: the deep link is followed only when it is the signed-in member's.
    func run(link: AnalysisCompleteLink) async throws -> ExitStatus {
        guard let linkViewModel else { throw CLIError(.cancelled, context: "link") }
        let output: AnalysisLinkViewModel.Output
        do {
            output = try await linkViewModel.transform(input: .init(link: link))
        } catch {
            throw CLIError(ReportError(error), context: "link")
        }
        if let termNo = output.termNo { return try await run(termNo: termNo) }
        if case .forbidden(let detail)? = output.error {
            throw CLIError(.detailRefusalLink, ["detail": .detail(detail)], hint: .detailRefusalLinkNotYours, kind: .forbidden)
        }
        throw CLIError(ending: output.error, context: "link")
    }

    /// Fetches one term (waiting while it is pending, with `--wait`) and renders the outcome.
    /// Never throws: a failure is part of the outcome, so that a batch carries on.
    func fetch(_ termNo: TermNumber, onWait: @escaping @Sendable (_ waited: Duration) -> Void = { _ in }) async -> TermOutcome {
        let context = "term \(termNo)"
        do {
            // `--explain`'s hints come with the report, loaded before anything is written so
            // that the document stays whole.
            let output = try await poll(termNo, onWait: onWait)
            guard let report = output.state.value else { throw CLIError(ending: output.error, context: context) }
            return outcome(of: report, termNo: termNo, hints: output.hints)
        } catch {
            return TermOutcome(termNo: termNo, document: nil, failure: error as? CLIError ?? CLIError(ReportError(error), context: context))
        }
    }

    /// The report view model's output for one term: asked for once, and (with `--wait`) again
    /// with backoff while the analysis is still running, until it is not or the time is up.
    /// `report watch` follows each of its terms this way.
    func poll(_ termNo: TermNumber, onWait: @escaping @Sendable (_ waited: Duration) -> Void = { _ in }) async throws
        -> ReportViewModel.Output {
        var polling = waitTimeout.map { Polling(timeout: $0, onWait: onWait) }
        let input = ReportViewModel.Input(termNo: termNo)
        var output = try await viewModel.transform(input: input)
        while output.state.value?.isPending == true, try await polling?.waitToAskAgain() ?? false {
            output = try await viewModel.transform(input: input)
        }
        return output
    }

    /// Fetches one term of a batch through the batch's view model (without `--wait`, which polls
    /// the report view model) and renders the outcome.
    func fetch(_ termNo: TermNumber, with batchViewModel: ReportBatchViewModel) async -> TermOutcome {
        switch await batchViewModel.report(termNo) {
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
                if let hintView { for hint in hints { text += "\n" + hintView.render(hint) } }
            }
            return Array(text.utf8)
        case .markdown:
            return Array(ReportRendering.markdown(report, hints: hints, exportedAt: exportedAt, words: terminalView.words).utf8)
        case .html(let page):
            return Array(ReportRendering.html(report, hints: hints, page: page, exportedAt: exportedAt, words: terminalView.words).utf8)
        }
    }
}

/// The `--wait` progress line on stderr: shown only when stderr is a terminal, rewritten in
/// place, and cleared before anything else is written (only if it was shown: a terminal that
/// never saw it gets no escape sequence).
final class WaitProgress: Sendable {
    let termNo: TermNumber
    let standardError: StandardStream
    let words: Words
    private let shown = Mutex(false)

    init(termNo: TermNumber, standardError: StandardStream, words: Words = .english) {
        self.termNo = termNo
        self.standardError = standardError
        self.words = words
    }

    func show(waited: Duration) {
        guard standardError.isTerminal else { return }
        shown.withLock { $0 = true }
        standardError.note("\r\u{1B}[Kreport: " + words(.waitProgress, ["term": "\(termNo)", "waited": WaitProgress.text(waited, words: words)]))
    }

    func clear() {
        guard standardError.isTerminal, shown.withLock({ shown in defer { shown = false }; return shown }) else { return }
        standardError.note("\r\u{1B}[K")
    }

    /// "45s", "3m 20s", "1h 5m"; in Korean "45초", "3분 20초", "1시간 5분".
    static func text(_ duration: Duration, words: Words = .english) -> String {
        let seconds = Int(duration.components.seconds)
        func unit(_ message: Message, _ count: Int) -> String { words(message, ["count": "\(count)"]) }
        if seconds < 60 { return unit(.waitedSeconds, seconds) }
        if seconds < 3600 {
            return seconds % 60 == 0 ? unit(.waitedMinutes, seconds / 60)
                : unit(.waitedMinutes, seconds / 60) + " " + unit(.waitedSeconds, seconds % 60)
        }
        return unit(.waitedHours, seconds / 3600) + " " + unit(.waitedMinutes, seconds % 3600 / 60)
    }
}
