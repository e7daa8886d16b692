import Domain
import Presentation
import Terminal

/// `report fetch` with several terms (`--term` repeated, `--terms-from`, or `--jsonl`): fetches
/// up to `parallel` terms at once on the one shared transport and writes each outcome as soon as
/// it may — in input order, or as they finish with `--unordered`.
///
/// Memory stays flat in the number of terms: the input is read lazily, each outcome is rendered
/// to text the moment it completes (its entities dropped), and at most `window` outcomes exist at
/// once (fetching, or done and waiting for a slower term ahead of them to be written). When the
/// term at the head is slow, no new term starts until it is written.
struct BatchFetchFlow: Sendable {
    let fetchFlow: FetchFlow
    /// The batch's view model, one for all its terms (without `--wait`, which polls each term
    /// through the fetch flow's report view model).
    let viewModel: ReportBatchViewModel
    let format: Format
    /// Terms fetched at once (`--parallel`).
    let parallel: Int
    /// Write outcomes as they finish rather than in input order (`--unordered`).
    let unordered: Bool
    /// The hint of authentication errors that have none (`CommandRunner.signInHint`).
    let signInHint: CLIError.SignInHint
    let style: TextStyle
    let standardOutput: StandardStream
    let standardError: StandardStream

    enum Format: Sendable {
        /// Reports for a person, one after another, separated by a rule.
        case text
        /// One JSON document a line (`--jsonl`); errors and the summary as JSON objects on stderr.
        case jsonl
        /// One Markdown document: the reports one after another, separated by a thematic break.
        case markdown
        /// One HTML page holding each report as an `<article>` (a page of its own when printed).
        case html
    }

    /// Outcomes that may exist at once: fetching, or done and waiting to be written in order.
    var window: Int { unordered ? parallel : 2 * parallel }

    private enum Event: Sendable {
        case read(TermSource.Item?)
        case fetched(index: Int, FetchFlow.TermOutcome)
    }

    private enum Entry: Sendable {
        case outcome(FetchFlow.TermOutcome)
        case invalid(CLIError, file: String, line: Int?)
    }

    /// `expectedTotal`: the number of items, when known before reading them (a regular file),
    /// for the progress line.
    func run(_ source: TermSource, expectedTotal: (@Sendable () async -> Int?)? = nil) async throws -> ExitStatus {
        let clock = ContinuousClock()
        let start = clock.now
        var output = Writer(flow: self)
        let polls = fetchFlow.waitTimeout != nil
        let knownTotal = output.showsProgress ? await expectedTotal?() : nil
        /// The write to stdout that failed: the batch stops there.
        var outputFailure: OutputError?
        let (cancelled, readWhole) = await withTaskGroup(of: Event.self, returning: (Bool, Int?).self) { group in
            /// Items read so far; each gets the next index.
            var read = 0
            /// Items written so far: in order, the index of the next one to write.
            var written = 0
            var fetching = 0
            var isReading = false
            var inputEnded = false
            /// An item read while there was no room to start it.
            var held: TermSource.Item?
            /// Done, waiting for the items before them (in order only).
            var finished: [Int: Entry] = [:]

            func write(_ index: Int, _ result: Entry) {
                guard outputFailure == nil else { return }
                do {
                    if unordered {
                        try output.write(result)
                        written += 1
                        return
                    }
                    finished[index] = result
                    while let next = finished.removeValue(forKey: written) {
                        try output.write(next)
                        written += 1
                    }
                } catch {
                    outputFailure = error
                }
            }

            func start(_ item: TermSource.Item) {
                let index = read
                read += 1
                switch item {
                case .term(let termNo):
                    fetching += 1
                    group.addTask {
                        let outcome = polls ? await fetchFlow.fetch(termNo) : await fetchFlow.fetch(termNo, with: viewModel)
                        return .fetched(index: index, outcome)
                    }
                case .invalid(let error, let file, let line):
                    write(index, .invalid(error, file: file, line: line))
                }
            }

            var hasRoom: Bool { fetching < parallel && read - written < window }

            while !Task.isCancelled, outputFailure == nil {
                if let item = held, hasRoom {
                    held = nil
                    start(item)
                }
                if !isReading, !inputEnded, held == nil, hasRoom {
                    isReading = true
                    group.addTask {
                        let item = await source.next()
                        return .read(item)
                    }
                }
                output.progress(total: inputEnded ? read : knownTotal)
                guard let event = await group.next() else { break }
                switch event {
                case .read(let item?):
                    isReading = false
                    if hasRoom { start(item) } else { held = item }
                case .read(nil):
                    isReading = false
                    inputEnded = true
                case .fetched(let index, let outcome):
                    fetching -= 1
                    // A term cut short by Ctrl-C is not a result: nothing is written for it.
                    if Task.isCancelled { break }
                    write(index, .outcome(outcome))
                }
            }
            group.cancelAll()
            return (Task.isCancelled, inputEnded ? read : nil)
        }
        output.finish()
        if cancelled {
            // Ctrl-C: the line that ends the command says how far the batch got (CommandRunner).
            var total = readWhole ?? knownTotal
            if total == nil, let expectedTotal { total = await expectedTotal() }
            throw BatchInterruption(total: total, fetched: output.tally.succeeded, failed: output.tally.failed)
        }
        if outputFailure == nil {
            do { try output.closeDocument() } catch { outputFailure = error }
        }
        if let outputFailure {
            // The pager quit: the batch ends with what its terms so far came to (their error
            // lines were written), without a summary. A closed pipe ends the process quietly
            // (CommandRunner); anything else says where the batch stopped.
            if outputFailure.pagerQuit { return output.tally.exitStatus }
            if outputFailure.isBrokenPipe { throw outputFailure }
            let error = CLIError(outputFailure)
            throw error.replacingMessage(Said(.detailRefusalBatchStopped, ["detail": .said(error.said), "count": .data("\(output.tally.done)")]))
        }
        let seconds = (clock.now - start) / .seconds(1)
        output.summarize(seconds: seconds)
        return output.tally.exitStatus
    }

    /// Writes outcomes, error lines and the summary; keeps the tally and the progress line.
    private struct Writer {
        let flow: BatchFetchFlow
        var tally = BatchTally()
        var progress: BatchProgress
        let stdoutSharesTerminal: Bool

        init(flow: BatchFetchFlow) {
            self.flow = flow
            progress = BatchProgress(standardError: flow.standardError, words: flow.fetchFlow.terminalView.words)
            stdoutSharesTerminal = progress.isEnabled && flow.standardOutput.isTerminal
        }

        mutating func write(_ result: Entry) throws(OutputError) {
            switch result {
            case .outcome(let outcome):
                if let document = outcome.document {
                    if stdoutSharesTerminal { progress.clear() }
                    try flow.standardOutput.write(bytes: separated(document))
                }
                // Said once per kind and sections: a batch of one kind would say it for every term.
                if let missing = outcome.missing, notedMissing.insert(missing).inserted {
                    progress.clear()
                    flow.standardError.note(missing.note(termNo: outcome.termNo, words: flow.fetchFlow.terminalView.words))
                }
                if let failure = outcome.failure {
                    fail(failure, term: outcome.termNo, file: nil, line: nil)
                } else {
                    tally.recordSuccess()
                }
            case .invalid(let error, let file, let line):
                fail(error, term: nil, file: file, line: line)
            }
        }

        private var wroteDocument = false
        private var notedMissing: Set<FetchFlow.MissingSections> = []

        /// Text reports are separated by a rule, Markdown ones by a thematic break; an HTML page's
        /// head comes before its first report. JSON Lines need nothing.
        private mutating func separated(_ document: [UInt8]) -> [UInt8] {
            defer { wroteDocument = true }
            switch flow.format {
            case .jsonl:
                return document
            case .html:
                guard !wroteDocument else { return document }
                return Array(HTMLReportView.prologue(pageTitle: HTMLReportView.batchPageTitle(flow.fetchFlow.terminalView.words), language: flow.fetchFlow.terminalView.words.language).utf8) + document
            case .text:
                guard wroteDocument else { return document }
                return Array(("\n" + flow.style.dim(String(repeating: "─", count: 40)) + "\n\n").utf8) + document
            case .markdown:
                guard wroteDocument else { return document }
                return Array(MarkdownReportView.separator.utf8) + document
            }
        }

        /// Ends what the reports were written into: an HTML page that has a report gets its end.
        /// (A batch stopped by Ctrl-C writes no more; its page still parses, since HTML's
        /// `</body>` and `</html>` may be left out.)
        func closeDocument() throws(OutputError) {
            guard flow.format == .html, wroteDocument else { return }
            try flow.standardOutput.write(bytes: Array(HTMLReportView.epilogue.utf8))
        }

        private mutating func fail(_ error: CLIError, term: TermNumber?, file: String?, line: Int?) {
            let hint = error.hint(signingInWith: flow.signInHint)
            let words = flow.fetchFlow.terminalView.words
            // The summary line is for a person: the hint in the run's language (JSON Lines keep English).
            let shown = error.line(in: words, signingInWith: flow.signInHint)
            tally.recordFailure(error, hint: shown.hint)
            progress.clear()
            switch flow.format {
            case .jsonl:
                let document = BatchErrorDocument(
                    term: term?.rawValue, file: file, line: line,
                    error: error.documentBody(hint: hint))
                flow.standardError.note(JSONWriter.text(of: document, pretty: false) + "\n")
            case .text, .markdown, .html:
                let message = shown.message
                if term == nil {
                    flow.standardError.note("report: \(message)\n")
                } else {
                    flow.standardError.note("report: " + words(.batchFailure, ["message": message, "status": "\(error.status.rawValue)", "code": error.code]) + "\n")
                }
            }
        }

        var showsProgress: Bool { progress.isEnabled }

        mutating func progress(total: Int?) {
            progress.update(done: tally.done, failed: tally.failed, total: total)
        }

        mutating func finish() {
            progress.clear()
        }

        func summarize(seconds: Double) {
            switch flow.format {
            case .jsonl:
                flow.standardError.note(JSONWriter.text(of: tally.summaryDocument(seconds: seconds), pretty: false) + "\n")
            case .text, .markdown, .html:
                flow.standardError.note("report: \(tally.summary(seconds: seconds, words: flow.fetchFlow.terminalView.words))\n")
            }
        }
    }
}

extension BatchFetchFlow.Format {
    /// How each term of the batch is rendered.
    var termFormat: FetchFlow.Format {
        switch self {
        case .text: .text
        case .jsonl: .json(pretty: false)
        case .markdown: .markdown
        case .html: .html(page: false)
        }
    }
}
