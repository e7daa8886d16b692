import Domain
import Presentation
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// A failure on its way out of a command: what to tell the user and which exit code to use.
/// Every command's errors become one of these in one place (`CLIError.init(_:context:)`), so the
/// exit-code table is applied once.
///
/// What it says is a `Said` — a catalog message and its values — and nothing else: it has no
/// initializer that takes a sentence, so no line a person reads can be built in English and
/// reach a member in Korean. The English form is what a `--json` document carries.
struct CLIError: Error, Sendable {
    /// What failed.
    let said: Said
    /// What the user can do about it, if there is something to say.
    let advice: Said?
    /// The exit status and the `--json` code, together.
    let kind: ErrorKind
    let httpStatus: Int?
    /// Nothing answers at the service's address (the connection failed, refused or unreachable —
    /// not a name that did not resolve, a timeout or TLS): the runner says how
    /// to point at the service when the base URL came from config.toml (`CommandRunner`).
    var connectionRefused = false

    var status: ExitStatus { kind.status }
    /// A stable machine-readable name for `--json` error objects.
    var code: String { kind.code }
    /// What failed, in English: the `--json` document's `message`.
    var message: String { said.text(in: .english) }
    /// The error's own hint in English, if it has one.
    var hint: String? { advice?.text(in: .english) }

    /// A value inside a catalog line.
    typealias Value = Said.Value
    /// The hint of an authentication error that has none of its own, asked for only when one is
    /// shown (it may read the credentials file); nil: none.
    typealias SignInHint = @Sendable () -> Said?

    init(_ said: Said, hint advice: Said? = nil, kind: ErrorKind, httpStatus: Int? = nil) {
        self.said = said
        self.advice = advice
        self.kind = kind
        self.httpStatus = httpStatus
    }

    /// An error said by the catalog where it is decided: `message` with its values, and `hint`.
    init(_ message: Message, _ values: [String: Value] = [:], hint: Message? = nil, _ hintValues: [String: Value] = [:],
         kind: ErrorKind, httpStatus: Int? = nil) {
        self.init(Said(message, values), hint: hint.map { Said($0, hintValues) }, kind: kind, httpStatus: httpStatus)
    }

    /// The message and hint as a person reads them in `words`' language (the hint of an
    /// authentication error without one is `signInHint`'s, asked for only then: it may read the
    /// credentials file).
    func line(in words: Words, signingInWith signInHint: SignInHint) -> (message: String, hint: String?) {
        (said.text(in: words), advice(signingInWith: signInHint)?.text(in: words))
    }

    /// The English hint to show: the error's own, or for an authentication error without one,
    /// `signInHint` (the exact sign-in command for the profile in use, or that REPORT_TOKEN was rejected).
    func hint(signingInWith signInHint: SignInHint) -> String? {
        advice(signingInWith: signInHint)?.text(in: .english)
    }

    private func advice(signingInWith signInHint: SignInHint) -> Said? {
        advice ?? (status == .authentication ? signInHint() : nil)
    }

    /// The same error with another hint.
    func replacingHint(_ hint: Said) -> CLIError {
        var error = CLIError(said, hint: hint, kind: kind, httpStatus: httpStatus)
        error.connectionRefused = connectionRefused
        return error
    }

    /// The same error with another message, its hint and status kept.
    func replacingMessage(_ said: Said) -> CLIError {
        var error = CLIError(said, hint: advice, kind: kind, httpStatus: httpStatus)
        error.connectionRefused = connectionRefused
        return error
    }

    /// The `--json` error object's body, with `hint` as shown.
    func documentBody(hint: String?) -> ErrorDocument.Body {
        ErrorDocument.Body(code: code, message: message, hint: hint, exitCode: status.rawValue, httpStatus: httpStatus)
    }

    /// The hint of an authentication error when nothing more precise is known.
    static let signInHint = Said(.hintSignIn, ["command": .data("report auth login")])

    /// `context` names what was being done: "term 1001" (said `면접 번호 1001` in Korean), or a
    /// command's or a request's own words (`list`, `GET /v1/me`), shown as they are.
    init(_ error: ReportError, context: String) {
        let term = Self.term(in: context)
        // The line with its context before it: `term 1001: …`.
        let inContext: @Sendable (Said) -> Said = { said in
            guard !context.isEmpty else { return said }
            let named: Value = term.map { .said(Said(.errorTermContext, ["term": .data($0)])) } ?? .data("\(context): ")
            return Said(.errorInContext, ["context": named, "text": .said(said)])
        }
        switch error {
        case .unauthorized(let detail):
            // No hint here: the exact command depends on the profile and on REPORT_TOKEN, which
            // the command runner knows (`CommandRunner.signInHint`).
            self.init(inContext(Said(detail)), kind: .unauthorized, httpStatus: 401)
        case .forbidden(let detail):
            // The service's own message says the same ("다른 회원의 면접 결과는 볼 수 없습니다"):
            // about a term, said once, with where the member's own interviews are.
            let said = term.map { Said(.errorForbiddenTerm, ["term": .data($0)]) } ?? inContext(Said(detail))
            self.init(said, hint: Said(.hintListYourInterviews), kind: .forbidden, httpStatus: 403)
        case .notFound(let detail):
            if let term {
                self.init(.errorNotFoundTerm, ["term": .data(term)], hint: .hintListTermNumbers, kind: .notFound, httpStatus: 404)
            } else {
                self.init(inContext(Said(detail)), hint: Said(.hintCheckTerm), kind: .notFound, httpStatus: 404)
            }
        case .badRequest(let detail):
            self.init(inContext(Said(detail)), kind: .badRequest, httpStatus: 400)
        case .invalidRequest(let detail):
            self.init(inContext(Said(detail)), kind: .usage)
        case .analysisPending(let term):
            self.init(.errorPending, ["term": .data("\(term)")], hint: .hintTryInMinutes, kind: .analysisPending)
        case .analysisFailed(let term):
            self.init(.errorAnalysisFailed, ["term": .data("\(term)")], hint: .hintAnalysisFailed, kind: .analysisFailed)
        case .unavailable(let outage):
            // The service's own message: after a colon in English; Korean leaves it out where it
            // says again that the service is under maintenance (`서버 점검 중입니다`).
            let detail: Value = .data(outage.message.map { ": \($0)" } ?? "")
            let what: Said = switch (outage.isMaintenance, outage.until) {
            case (true, let until?): Said(.errorMaintenanceUntil, ["until": .date(until), "detail": detail])
            case (true, nil): Said(.errorMaintenance, ["detail": detail])
            case (false, _): Said(.errorRefusing, ["detail": detail])
            }
            self.init(inContext(what), hint: Said(.hintTryLater), kind: outage.isMaintenance ? .maintenance : .unavailable)
        case .network(let failure):
            self.init(inContext(Said(.errorCannotReach, ["detail": .detail(failure.reason)])),
                      hint: Said(failure.kind == .tls ? .hintPrivateCA : .hintCheckNetwork), kind: .network)
            connectionRefused = failure.kind == .connect
        case .server(let status, let detail):
            self.init(inContext(Said(.errorServer, ["status": .data("\(status)"), "detail": .data(detail)])),
                      hint: Said(.hintTryLater), kind: .serverError, httpStatus: status)
        case .invalidResponse(let detail):
            self.init(inContext(Said(detail)), kind: .invalidResponse)
        case .notCached(let detail):
            self.init(inContext(Said(.errorNotCached, ["detail": .detail(detail)])), hint: Said(.hintNotCached), kind: .notCached)
        case .storeUnavailable(let detail):
            // What the machine lacks, as a missing libjq is: a configuration to fix.
            self.init(inContext(Said(detail)), hint: Said(detail.key == .detailSQLiteMissing ? .hintSQLiteInstall : .hintStoreVerbose),
                      kind: .configuration)
        case .signInChanged(let detail):
            self.init(inContext(Said(detail)), hint: Said(.hintRunAgainSignedIn), kind: .signInChanged)
        case .reportsLeftOut(let found, let leftOut):
            // The reason of the first report left out decides the exit status; each is named
            // on its own line before this one (`ProgressLeftOut`).
            let kind = leftOut.first.map { CLIError($0.error, context: "").kind } ?? .notFound
            self.init(inContext(Said(.errorTooFewFetched, ["found": .data("\(found)"), "count": .data("\(leftOut.count)")])),
                      hint: Said(.hintLeftOutAbove), kind: kind)
        case .cancelled:
            self.init(.errorInterrupted, kind: .interrupted)
        }
    }

    /// The term number of a context such as "term 1001"; nil for any other.
    private static func term(in context: String) -> String? {
        guard context.hasPrefix("term ") else { return nil }
        let number = context.dropFirst(5)
        return !number.isEmpty && number.allSatisfy(\.isNumber) ? String(number) : nil
    }

    /// Standard output or standard error could not be written (not a closed pipe: see `OutputError`).
    /// Or the output filter (`--jq`) could not take a document.
    init(_ error: OutputError) {
        if let failure = error.filterFailure {
            self.init(failure)
            return
        }
        self.init(error.isStandardError ? .errorCouldNotWriteStderr : .errorCouldNotWriteStdout, ["detail": .system(error.code)],
                  hint: .hintOutputFailed, kind: .outputFailed)
    }

    /// `--jq` could not take a document: its expression failed on it, the document was not JSON,
    /// or the expression wrote too much for it. libjq's reason is kept in its words.
    init(_ failure: OutputFilterFailure) {
        let reason: Value = .data(PrintableText.oneLine(failure.reason, maxLength: 300))
        switch failure.kind {
        case .failed: self.init(.errorJQFailed, ["reason": reason], hint: .hintJQSeeJSON, kind: .filterFailed)
        case .unreadable: self.init(.errorJQNotJSON, ["reason": reason], hint: .hintJQSeeJSON, kind: .filterFailed)
        case .tooLarge(let limit): self.init(.errorJQTooLarge, ["limit": .data("\(limit >> 20)")], hint: .hintJQSeeJSON, kind: .filterFailed)
        }
    }

    /// `--jq`'s expression does not compile (a usage error, found before any request), or libjq
    /// cannot be loaded. libjq's reason is kept in its words.
    init(_ error: JQProgram.CompileError) {
        let reason: Value = .data(PrintableText.oneLine(error.reason, maxLength: 300))
        if error.libraryMissing {
            self.init(.errorJQUnavailable, ["reason": reason], hint: .hintJQInstall, kind: .configuration)
        } else {
            self.init(.usageJQInvalid, ["reason": reason], hint: .hintJQLanguage, kind: .usage)
        }
    }

    /// A command that SIGINT (Ctrl-C) or SIGTERM stopped; a batch that Ctrl-C stopped says how
    /// far it got.
    static func stopped(by signal: Int32, batch: BatchInterruption? = nil) -> CLIError {
        if signal == SIGTERM { return CLIError(.errorTerminated, kind: .terminated) }
        guard let batch else { return CLIError(.errorInterrupted, kind: .interrupted) }
        let counts: [String: Value] = ["fetched": .data("\(batch.fetched)"), "failed": .data("\(batch.failed)"),
                                       "total": .data(batch.total.map { "\($0)" } ?? "")]
        let message: Message = switch (batch.total != nil, batch.failed > 0) {
        case (true, false): .errorInterruptedBatch
        case (true, true): .errorInterruptedBatchFailed
        case (false, false): .errorInterruptedStream
        case (false, true): .errorInterruptedStreamFailed
        }
        return CLIError(message, counts, kind: .interrupted)
    }
}
