#if canImport(Glibc)
import Glibc
#endif
import Domain
import Presentation
import Synchronization
import Terminal

/// `report watch`: follows terms until each analysis has finished, through the fetch flow's
/// `--wait` polling (the report view model asked again with backoff; conditional requests and
/// the kept report through the same cache as `fetch`), every term at once. Each term is written
/// as it finishes — a line for a person, or a JSON event a line — and, on a terminal, notified;
/// `--exec` runs a command for it.
struct WatchFlow: Sendable {
    enum Format: Sendable {
        case text
        case jsonl
    }

    /// The fetch flow whose `poll` follows one term, made with the watch's `--wait-timeout`.
    let fetchFlow: FetchFlow
    /// The member's interviews, for a watch without terms: those still pending.
    let list: InterviewListViewModel?
    let format: Format
    let waitTimeout: Duration
    let exec: ChildCommand?
    let notifier: WatchNotifier
    /// The run's environment ("NAME=value"), to which `--exec` adds REPORT_TERM and REPORT_STATUS.
    let environment: [String]
    let words: Words
    /// The hint of authentication errors that have none (`CommandRunner.signInHint`).
    let signInHint: CLIError.SignInHint
    let standardOutput: StandardStream
    let standardError: StandardStream

    func run(terms given: [TermNumber]) async throws -> ExitStatus {
        let terms = given.isEmpty ? try await pendingTerms() : unique(given)
        if terms.isEmpty {
            if format == .text { standardError.note("report: " + words.sentence(words[.watchNothingPending]) + "\n") }
            return .success
        }
        if standardError.isTerminal && format == .text {
            standardError.note("report: " + words.sentence(words(.watchStarted, [
                "terms": terms.map { "\($0)" }.joined(separator: ", "),
                "timeout": WaitProgress.text(waitTimeout, words: words),
            ])) + "\n")
        }
        var tally = BatchTally()
        var stillPending: [TermNumber] = []
        try await withThrowingTaskGroup(of: WatchEvent.self) { group in
            for term in terms {
                group.addTask { try await watch(term) }
            }
            for try await event in group {
                try await report(event)
                switch event.status {
                case .ready: tally.recordSuccess()
                case .pending: stillPending.append(event.term)
                case .failed, .error: if let error = event.error { tally.recordFailure(error, hint: nil) }
                }
            }
        }
        if !stillPending.isEmpty {
            if format == .text {
                let waited = words(.pendingAfterWaiting, ["waited": WaitProgress.text(waitTimeout, words: words)])
                for term in stillPending.sorted(by: { $0.rawValue < $1.rawValue }) {
                    let pending = CLIError(.analysisPending(term), context: "term \(term)")
                    standardError.note("report: " + words.line(pending.said.text(in: words), hint: waited) + "\n")
                }
            }
            return .pending
        }
        return tally.exitStatus
    }

    /// Follows one term until its analysis is no longer pending or the time is up. Throws only
    /// what ends the whole watch: Ctrl-C, the `--max-time`, a sign-in the terminal cannot show.
    private func watch(_ term: TermNumber) async throws -> WatchEvent {
        let waited = Mutex(false)
        let output = try await fetchFlow.poll(term) { _ in waited.withLock { $0 = true } }
        let already = !waited.withLock { $0 }
        if let report = output.state.value {
            let interview = report.report.interview
            return WatchEvent(term: term, status: report.isPending ? .pending : .ready, already: already, interview: interview, error: nil)
        }
        let error = CLIError(ending: output.error, context: "term \(term)")
        let status: WatchEvent.Status = if case .analysisFailed? = output.error { .failed } else { .error }
        return WatchEvent(term: term, status: status, already: already, interview: nil, error: error)
    }

    /// Writes one finished (or given up) term, notifies and runs `--exec` for it.
    private func report(_ event: WatchEvent) async throws {
        switch format {
        case .jsonl:
            try standardOutput.write(JSONWriter.text(of: event.document(hint: event.error?.hint(signingInWith: signInHint)), pretty: false) + "\n")
        case .text:
            if let line = line(of: event) {
                try standardOutput.write(line + "\n")
            } else if let error = event.error {
                let shown = error.line(in: words, signingInWith: signInHint)
                standardError.note("report: " + words(.batchFailure, ["message": words.line(shown.message, hint: shown.hint),
                                                                      "status": "\(error.status.rawValue)", "code": error.code]) + "\n")
            }
        }
        guard event.status == .ready || event.status == .failed else { return }
        if let line = line(of: event) { await notifier.notify(line) }
        if let exec { await run(exec, for: event) }
    }

    /// The line a person reads for a finished term; nil for one that did not finish.
    private func line(of event: WatchEvent) -> String? {
        switch event.status {
        case .ready:
            let interview = event.interview
            let company = interview.flatMap(\.companyName).map { PrintableText.line($0) } ?? SectionFormatter.unknown
            let kind = interview.map { InterviewKindWords.name($0.itemType, words: words) } ?? SectionFormatter.unknown
            return words.sentence(words(event.already ? .watchAlreadyReady : .watchReady,
                                        ["term": "\(event.term)", "company": company, "kind": kind]))
        case .failed:
            return words.sentence(words(event.already ? .watchAlreadyFailed : .watchFailed, ["term": "\(event.term)"]))
        case .pending, .error:
            return nil
        }
    }

    /// `--exec`: the command with REPORT_TERM and REPORT_STATUS, waited for; a failure is a line
    /// on stderr and the watch carries on.
    private func run(_ command: ChildCommand, for event: WatchEvent) async {
        let variables = environment.filter { !$0.hasPrefix("REPORT_TERM=") && !$0.hasPrefix("REPORT_STATUS=") }
            + ["REPORT_TERM=\(event.term)", "REPORT_STATUS=\(event.status.rawValue)"]
        let program = PrintableText.line(command.words[0])
        switch await command.run(environment: variables) {
        case .exited(0):
            break
        case .exited(let status):
            standardError.note("report: " + words.sentence(words(.watchExecFailed, ["term": "\(event.term)", "program": program, "status": "\(status)"])) + "\n")
        case .signalled(let signal):
            standardError.note("report: " + words.sentence(words(.watchExecSignalled, ["term": "\(event.term)", "program": program, "signal": "\(signal)"])) + "\n")
        case .notStarted(let code):
            standardError.note("report: " + words.sentence(words(.watchExecNotStarted, ["program": program, "detail": words.system(code)])) + "\n")
        }
    }

    /// Every interview of the member whose analysis is still running, from the list, newest first.
    private func pendingTerms() async throws -> [TermNumber] {
        guard let list else { return [] }
        var terms: [TermNumber] = []
        var number = 1
        while true {
            let page = try await list.page(number, context: "watch")
            terms += page.rows.map(\.interview).filter { $0.analysisStatus == .pending }.map(\.termNo)
            guard page.info.hasNextPage, !page.rows.isEmpty else { return unique(terms) }
            number = page.info.page + 1
        }
    }

    private func unique(_ terms: [TermNumber]) -> [TermNumber] {
        var seen = Set<TermNumber>()
        return terms.filter { seen.insert($0).inserted }
    }
}
