import Domain
import Presentation
import Terminal

/// `report sync`: lists the member's interviews, then brings each finished one into the store,
/// `parallel` at a time, through its conditional requests; a progress line on a terminal, a line
/// an interview with `--jsonl`, and a summary. A failed interview is said and the others carry on
/// (the batch's exit statuses); Ctrl-C stops it, and the next sync resumes the run.
struct SyncFlow: Sendable {
    enum Format: Sendable {
        /// The summary for a person on stderr.
        case text
        /// The summary as one JSON document on stdout.
        case json
        /// A JSON line an interview on stdout; errors and the summary as JSON lines on stderr.
        case jsonl
    }

    let list: any InterviewListUseCase
    let sync: any SyncUseCase
    let format: Format
    let parallel: Int
    let words: Words
    let signInHint: CLIError.SignInHint
    let standardOutput: StandardStream
    let standardError: StandardStream

    /// The list's page size: the most the service gives.
    static let pageSize = 100

    func run() async throws -> ExitStatus {
        let clock = ContinuousClock()
        let start = clock.now
        // The store first: one that cannot be used fails the sync before any request.
        let run: SyncRun
        do {
            run = try sync.begin()
        } catch {
            throw CLIError(ReportError(error), context: "")
        }
        let finished = try await finishedTerms()
        let terms = finished.filter { !run.done.contains($0) }
        var totals = Totals(terms: finished.count, resumed: finished.count - terms.count)
        if totals.resumed > 0, format == .text {
            standardError.note("report: " + words.sentence(words(.syncResumed, ["count": "\(totals.resumed)"])) + "\n")
        }
        var progress = BatchProgress(standardError: standardError, words: words)
        var outputFailure: OutputError?
        let cancelled = await withTaskGroup(of: (TermNumber, Result<SyncedTerm, any Error>).self,
                                            returning: Bool.self) { group in
            var next = terms.makeIterator()
            var running = 0
            func startNext() {
                guard let termNo = next.next() else { return }
                running += 1
                group.addTask { [sync] in
                    do { return (termNo, .success(try await sync.sync(termNo))) } catch { return (termNo, .failure(error)) }
                }
            }
            while running < parallel, running < terms.count { startNext() }
            while !Task.isCancelled, let event = await group.next() {
                let (termNo, result) = event
                running -= 1
                if Task.isCancelled { break }
                switch result {
                case .success(let synced):
                    totals.add(synced)
                    if format == .jsonl, outputFailure == nil {
                        progress.clear()
                        do throws(OutputError) {
                            try standardOutput.write(bytes: Array((JSONWriter.text(of: LineDocument(synced: synced), pretty: false) + "\n").utf8))
                        } catch {
                            outputFailure = error
                        }
                    }
                case .failure(let error):
                    let failure = error as? CLIError ?? CLIError(ReportError(error), context: "term \(termNo)")
                    progress.clear()
                    fail(failure, term: termNo, tally: &totals.tally)
                }
                if outputFailure != nil { break }
                progress.update(done: totals.tally.done, failed: totals.tally.failed, total: terms.count)
                startNext()
            }
            group.cancelAll()
            return Task.isCancelled
        }
        progress.clear()
        if cancelled {
            throw BatchInterruption(total: terms.count, fetched: totals.tally.succeeded, failed: totals.tally.failed)
        }
        if let outputFailure {
            if outputFailure.isBrokenPipe { throw outputFailure }
            throw CLIError(outputFailure)
        }
        sync.finish(run)
        let seconds = (clock.now - start) / .seconds(1)
        let summary = SummaryDocument(totals: totals, seconds: seconds)
        switch format {
        case .json:
            try standardOutput.write(JSONWriter.text(of: summary, pretty: standardOutput.isTerminal) + "\n")
        case .jsonl:
            standardError.note(JSONWriter.text(of: summary, pretty: false) + "\n")
        case .text:
            standardError.note("report: " + totals.sentence(seconds: seconds, words: words) + "\n")
        }
        return totals.tally.exitStatus
    }

    /// The interviews of the member whose analysis is done, oldest first, following the list's
    /// pages under `InterviewPageSequence`'s rule.
    private func finishedTerms() async throws -> [TermNumber] {
        var sequence = InterviewPageSequence()
        var terms: [TermNumber] = []
        var page = 1
        while true {
            let items: InterviewPage
            do {
                items = try await list.completedInterviews(page: page, size: Self.pageSize)
            } catch {
                throw error as? CLIError ?? CLIError(ReportError(error), context: "")
            }
            terms += items.items.filter { $0.analysisStatus == .done }.map(\.termNo)
            let more: Bool
            do throws(ReportError) {
                more = try sequence.accept(items, requested: page)
            } catch {
                throw CLIError(error, context: "")
            }
            guard more else { break }
            page += 1
        }
        return terms.reversed()
    }

    private func fail(_ error: CLIError, term: TermNumber, tally: inout BatchTally) {
        let shown = error.line(in: words, signingInWith: signInHint)
        tally.recordFailure(error, hint: shown.hint)
        switch format {
        case .jsonl:
            let document = BatchErrorDocument(term: term.rawValue, file: nil, line: nil,
                                              error: error.documentBody(hint: error.hint(signingInWith: signInHint)))
            standardError.note(JSONWriter.text(of: document, pretty: false) + "\n")
        case .text, .json:
            standardError.note("report: " + words(.batchFailure, ["message": shown.message, "status": "\(error.status.rawValue)",
                                                                   "code": error.code]) + "\n")
        }
    }

    /// What the sync came to.
    struct Totals: Sendable {
        /// Finished interviews of the member.
        let terms: Int
        /// Of them, those a stopped run before this one had brought in: not asked for again.
        let resumed: Int
        var tally = BatchTally()
        /// Interviews with a response downloaded (new or changed), and those all unchanged or fresh.
        var downloaded = 0
        var unchanged = 0
        /// Responses by where they came from.
        var responses: [SyncServed: Int] = [:]
        var requests = 0
        var bytes = 0

        mutating func add(_ synced: SyncedTerm) {
            tally.recordSuccess()
            let served = [synced.interview, synced.report, synced.video]
            if served.contains(.downloaded) { downloaded += 1 } else { unchanged += 1 }
            for kind in served { responses[kind, default: 0] += 1 }
            requests += synced.requests
            bytes += synced.bytes
        }

        /// `35 of 35 interviews synced in 0.4 s: 3 new or changed, 32 unchanged (70 requests, 12 KiB downloaded)`.
        func sentence(seconds: Double, words: Words) -> String {
            let time = BatchTally.elapsed(seconds, words: words)
            guard terms > 0 else { return words.sentence(words[.syncNothing]) }
            let counts = ["done": "\(tally.succeeded + resumed)", "total": "\(terms)", "time": time,
                          "downloaded": "\(downloaded)", "unchanged": "\(unchanged + resumed)",
                          "requests": "\(requests)", "size": CacheSettings.sizeText(bytes), "failed": "\(tally.failed)"]
            return words.sentence(tally.failed > 0 ? words(.syncSummaryFailed, counts) : words(.syncSummary, counts))
        }
    }

    /// `report sync --jsonl`: one interview, `{"bytes", "interview", "report", "requests", "schemaVersion", "term", "video"}`.
    struct LineDocument: JSONWritable, Sendable {
        let synced: SyncedTerm

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("bytes", synced.bytes)
                writer.member("interview", synced.interview.rawValue)
                writer.member("report", synced.report.rawValue)
                writer.member("requests", synced.requests)
                writer.schemaVersionMember()
                writer.member("term", Int(synced.termNo.rawValue))
                writer.member("video", synced.video.rawValue)
            }
        }
    }

    /// `report sync --json` (and the last line on stderr with `--jsonl`): `{"schemaVersion", "summary": {…}}`.
    struct SummaryDocument: JSONWritable, Sendable {
        let totals: Totals
        let seconds: Double

        func write(to writer: inout JSONWriter) {
            let tally = totals.tally.summaryDocument(seconds: seconds).summary
            writer.object { writer in
                writer.schemaVersionMember()
                writer.key("summary")
                writer.object { writer in
                    writer.member("bytes", totals.bytes)
                    writer.member("downloaded", totals.downloaded)
                    writer.member("exitCode", tally.exitCode)
                    writer.member("failed", tally.failed)
                    writer.member("failures", tally.failures)
                    writer.member("requests", totals.requests)
                    writer.key("responses")
                    writer.object { writer in
                        for kind in [SyncServed.downloaded, .fresh, .notModified] {
                            writer.member(kind.rawValue, totals.responses[kind, default: 0])
                        }
                    }
                    writer.member("resumed", totals.resumed)
                    writer.member("seconds", tally.seconds)
                    writer.member("synced", tally.fetched)
                    writer.member("total", totals.terms)
                    writer.member("unchanged", totals.unchanged)
                }
            }
        }
    }
}
