import ArgumentParser
import Dispatch
import Presentation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// Runs a command's body and applies the exit-code table exactly once: the body returns the
/// status of a completed run or throws; whatever it throws becomes one line (or one JSON object)
/// on stderr and an exit code. Nothing else in the program exits.
struct CommandRunner: Sendable {
    let json: Bool
    let streams: IOStreams
    /// Whether the process is the run's own (`AppContext.ownsProcess`): only then does the runner
    /// watch signals, end the process itself, and shut the transfers down at the end.
    let ownsProcess: Bool
    private var standardError: StandardStream { streams.error }
    /// The hint of authentication errors that have none: the exact sign-in command for the
    /// profile in use, or that REPORT_TOKEN was rejected.
    let signInHint: CLIError.SignInHint
    /// `--max-time`: when the whole command must be over, and the limit as the user wrote it.
    let timeLimit: (deadline: Deadline, text: String)?
    /// How long a command may take to stop after Ctrl-C or the time limit before the process
    /// ends without it (a command blocked in a read of its standard input, say): 3 s.
    /// `REPORT_TEST_STOP_GRACE` (a duration, at most an hour) sets it for the tests that tell a
    /// command that stopped by itself from one this ended, which a loaded machine blurs at 3 s
    /// (docs/TESTING.md).
    let stopGrace: Duration = AppContext.current.environment["REPORT_TEST_STOP_GRACE"]
        .flatMap { DurationText.parse($0, maximum: .seconds(3600)) } ?? .seconds(3)
    /// The language of the error line a person reads (a `--json` document is English).
    let words: Words
    /// The hint of a refused connection when the base URL came from config.toml (a server since
    /// restarted elsewhere): how to point at the service. Nil otherwise.
    var refusedConnectionHint: Said?

    init(json: Bool, streams: IOStreams, ownsProcess: Bool, signInHint: @escaping CLIError.SignInHint = { CLIError.signInHint },
         timeLimit: (deadline: Deadline, text: String)? = nil, words: Words = .english) {
        self.json = json
        self.words = words
        self.streams = streams
        self.ownsProcess = ownsProcess
        self.signInHint = signInHint
        self.timeLimit = timeLimit
    }

    /// What ended a run.
    private enum Event: Sendable {
        case finished(Result<ExitStatus, any Error>)
        case signal(Int32)
        case timeLimit
        /// A watcher that stopped because the command finished first.
        case unwatched
    }

    /// Runs `body` while watching for SIGINT/SIGTERM and the time limit: either cancels it (its
    /// transfers stop at once), and the run ends with 130/143 or 68 whatever the body then throws.
    func run(_ body: @escaping @Sendable () async throws -> ExitStatus) async throws {
        let watcher = ownsProcess ? SignalWatcher() : nil
        let ending = EndingClaim()
        /// A batch that the signal stopped says how far it got (what its body threw then).
        let (outcome, stoppedBatch) = await withTaskGroup(of: Event.self) { group -> (Event, BatchInterruption?) in
            group.addTask {
                do { return .finished(.success(try await body())) } catch { return .finished(.failure(error)) }
            }
            if let watcher {
                group.addTask {
                    for await number in watcher.signals { return .signal(number) }
                    return .unwatched
                }
            }
            if let timeLimit {
                group.addTask {
                    do {
                        try await Task.sleep(until: timeLimit.deadline.instant, clock: .continuous)
                        return .timeLimit
                    } catch {
                        return .unwatched
                    }
                }
            }
            var outcome: Event?
            var stoppedBatch: BatchInterruption?
            var fallback: DispatchWorkItem?
            while let event = await group.next() {
                switch event {
                case .finished(let result):
                    if outcome == nil { outcome = event }
                    if case .signal? = outcome, case .failure(let stopped as BatchInterruption) = result {
                        stoppedBatch = stopped
                    }
                    group.cancelAll()
                case .signal(let number):
                    guard outcome == nil else { continue }
                    outcome = event
                    SignalWatcher.restoreDefault(number)
                    fallback = scheduleFallback(for: event, ending: ending)
                    group.cancelAll()
                case .timeLimit:
                    guard outcome == nil else { continue }
                    outcome = event
                    fallback = scheduleFallback(for: event, ending: ending)
                    group.cancelAll()
                case .unwatched:
                    continue
                }
            }
            fallback?.cancel()
            return (outcome ?? .unwatched, stoppedBatch)
        }
        if !ending.claim() {
            // The fallback is ending the process (its line is written): nothing more from here.
            while true { sleep(1) }
        }
        if let watcher {
            watcher.stop()
            // Nothing may still be inside libcurl (or OpenSSL) when the process exits.
            ServiceLayer.shutDownTransport()
        }

        var status: ExitStatus
        switch outcome {
        case .finished(.success(let completed)):
            status = completed
        case .finished(.failure(let error as OutputError)) where error.pagerQuit:
            // The member quit the pager before the end: what was not shown was not wanted.
            status = .success
        case .finished(.failure(let error as OutputError)) where error.isBrokenPipe:
            try endAsBrokenPipe()
        case .finished(.failure(let error)):
            status = report(failure: error)
        case .signal(let number):
            let error = CLIError.stopped(by: number, batch: stoppedBatch)
            report(error)
            status = error.status
        case .timeLimit:
            let error = timeLimitError()
            report(error)
            status = error.status
        case .unwatched:
            status = .internalError
        }
        // A write that failed without stopping the command (a diagnostic line) still fails it.
        if let failure = streams.firstFailure {
            if failure.isBrokenPipe { try endAsBrokenPipe() }
            if status == .success {
                let error = CLIError(failure)
                report(error)
                status = error.status
            }
        }
        if status != .success {
            throw ExitCode(status.rawValue)
        }
    }

    /// The one line for a body that threw, and its exit status.
    private func report(failure: any Error) -> ExitStatus {
        switch failure {
        case let error as CLIError:
            report(error)
            return error.status
        case let error as OutputError:
            let cliError = CLIError(error)
            report(cliError)
            return cliError.status
        case is CancellationError:
            report(CLIError(.cancelled, context: ""))
            return .interrupted
        default:
            // Anything else is a bug in report; still one line and a documented code.
            let bug = CLIError(.detailRefusalInternal, ["detail": .data("\(failure)")], hint: .detailRefusalPleaseReport, kind: .internal)
            report(bug)
            return bug.status
        }
    }

    /// The reader of stdout has gone (`report … | head -1`): end as a program killed by SIGPIPE
    /// does, quietly, with the status a shell shows as 141. The transfers are stopped already.
    /// In a test's process, the run ends with 141 instead.
    private func endAsBrokenPipe() throws -> Never {
        if ownsProcess { Self.endProcessAsBrokenPipe() }
        throw ExitCode(128 + SIGPIPE)
    }

    private static func endProcessAsBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    private func timeLimitError() -> CLIError {
        let limit = timeLimit?.text ?? ""
        return CLIError(.errorMaxTime, ["limit": .data(limit)], hint: .hintMaxTime, kind: .timeout)
    }

    /// Ends the process with the event's error after `stopGrace`, unless cancelled first: a
    /// command stuck in a blocking call must not outlive Ctrl-C or its time limit.
    private func scheduleFallback(for event: Event, ending: EndingClaim) -> DispatchWorkItem? {
        guard ownsProcess else { return nil }
        let error: CLIError =
            if case .signal(let number) = event { CLIError.stopped(by: number) } else { timeLimitError() }
        let item = DispatchWorkItem { [self] in
            // A refresh grant under way is let finish and save the rotated pair: ending now would
            // sign the member out (the old refresh token is spent). The command may then end
            // on its own path; only if it does not does this one end it.
            if ServiceLayer.waitForGrants() {
                let grace = ContinuousClock.now + stopGrace
                while ContinuousClock.now < grace, !ending.isClaimed { usleep(10_000) }
            }
            guard ending.claim() else { return }
            report(error)
            _exit(error.status.rawValue)
        }
        let (seconds, attoseconds) = stopGrace.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
        return item
    }

    /// Writes `error` to stderr: one human line, or with `--json` one JSON object a pipeline can parse.
    func report(_ error: CLIError) {
        var error = error
        if error.connectionRefused, let refusedConnectionHint { error = error.replacingHint(refusedConnectionHint) }
        if json {
            let hint = error.hint(signingInWith: signInHint)
            standardError.note(JSONWriter.text(of: ErrorDocument(error: error.documentBody(hint: hint)), pretty: false) + "\n")
            return
        }
        let line = error.line(in: words, signingInWith: signInHint)
        standardError.note("report: " + words.line(line.message, hint: line.hint) + "\n")
    }
}

/// Who ends a command: its own path, or the stop fallback. Whoever claims it first reports the
/// one line; the other writes nothing.
final class EndingClaim: Sendable {
    private let claimed = Mutex(false)

    /// True for the first caller only.
    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }

    var isClaimed: Bool { claimed.withLock { $0 } }
}
