import Domain
import Presentation
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// A failure on its way out of a command: what to tell the user and which exit code to use.
/// Every command's errors become one of these in one place (`CLIError.init(_:context:)`), so the
/// exit-code table is applied once.
struct CLIError: Error, Sendable {
    /// One line, safe to print: what failed.
    let message: String
    /// What the user can do about it, if there is something to say.
    let hint: String?
    /// The exit status and the `--json` code, together.
    let kind: ErrorKind
    let httpStatus: Int?
    /// The message and hint in the run's language, for the line a person reads; nil: the English
    /// ones. A `--json` document always keeps the English `message` and `hint`.
    var translated: (@Sendable (Words) -> (message: String, hint: String?))?
    /// Nothing answers at the service's address (the connection failed, refused or unreachable —
    /// not a name that did not resolve, a timeout or TLS): the runner says how
    /// to point at the service when the base URL came from config.toml (`CommandRunner`).
    var connectionRefused = false

    var status: ExitStatus { kind.status }
    /// A stable machine-readable name for `--json` error objects.
    var code: String { kind.code }

    init(message: String, hint: String? = nil, kind: ErrorKind, httpStatus: Int? = nil,
         translated: (@Sendable (Words) -> (message: String, hint: String?))? = nil) {
        self.message = message
        self.hint = hint
        self.kind = kind
        self.httpStatus = httpStatus
        self.translated = translated
    }

    /// An error whose message and hint are catalog messages: English for `--json`, and the
    /// run's language on the line a person reads.
    init(kind: ErrorKind, httpStatus: Int? = nil,
         words text: @escaping @Sendable (Words) -> (message: String, hint: String?)) {
        let english = text(.english)
        self.init(message: english.message, hint: english.hint, kind: kind, httpStatus: httpStatus, translated: text)
    }

    /// A value inside a catalog line.
    enum Value: Hashable, Sendable {
        /// Data shown as it is: a path, a name, a number, what the member typed.
        case data(String)
        /// Another message of the catalog, said in the line's language.
        case message(Message)
        /// Text worded in English below the catalog (a file's problem from the Terminal layer):
        /// English keeps it; another language says what the catalog finds for it (`DetailText`).
        case worded(String)
        /// A problem found below the catalog, as a key and its values (a file's, config.toml's):
        /// said by the catalog in the line's language.
        case detail(Detail)
        /// An error code of the operating system (errno): the catalog's words for it.
        case system(Int32)

        func text(in words: Words) -> String {
            switch self {
            case .data(let text): text
            case .message(let message): words[message]
            case .worded(let text): DetailText.text(text, words: words)
            case .detail(let detail): words.said(detail)
            case .system(let code): words.system(code)
            }
        }
    }

    /// An error said by the catalog where it is decided: `message` with its values, and `hint`.
    /// English for `--json`, the run's language on the line a person reads.
    init(_ message: Message, _ values: [String: Value] = [:], hint: Message? = nil, _ hintValues: [String: Value] = [:],
         kind: ErrorKind, httpStatus: Int? = nil) {
        self.init(kind: kind, httpStatus: httpStatus) { words in
            (words(message, values.mapValues { $0.text(in: words) }), hint.map { words($0, hintValues.mapValues { $0.text(in: words) }) })
        }
    }

    /// The message and hint as a person reads them in `words`' language (the hint of an
    /// authentication error without one is `signInHint`).
    func line(in words: Words, signingInWith signInHint: @Sendable (Words) -> String) -> (message: String, hint: String?) {
        guard words.language != .english else { return (message, hint(signingInWith: signInHint)) }
        guard let translated else {
            // A refusal worded in English only: found again by its English form (DetailText), the
            // hint too; a line with any part the catalog does not know stays English whole.
            if let message = DetailText.translate(message, words: words) {
                // No hint of its own: an authentication error's is the sign-in hint, in this language.
                guard let own = self.hint else { return (message, status == .authentication ? signInHint(words) : nil) }
                if let translatedHint = DetailText.translate(own, words: words) { return (message, translatedHint) }
            }
            return (message, hint(signingInWith: signInHint))
        }
        let text = translated(words)
        return (text.message, text.hint ?? (status == .authentication ? signInHint(words) : nil))
    }

    /// The hint to show: the error's own, or for an authentication error without one, `signInHint`
    /// (the exact sign-in command for the profile in use, or that REPORT_TOKEN was rejected).
    /// `signInHint` is asked for only then (it may read the credentials file).
    func hint(signingInWith signInHint: @Sendable (Words) -> String) -> String? {
        hint ?? (status == .authentication ? signInHint(.english) : nil)
    }

    /// The same error with another hint, in every language.
    func replacingHint(_ hint: @escaping @Sendable (Words) -> String) -> CLIError {
        let line = self.line
        var error = CLIError(kind: kind, httpStatus: httpStatus) { words in (line(words).message, hint(words)) }
        error.connectionRefused = connectionRefused
        return error
    }

    /// The message and hint in `words`' language, as `line(in:signingInWith:)` gives them.
    private var line: @Sendable (Words) -> (message: String, hint: String?) {
        { [self] words in self.line(in: words, signingInWith: { CLIError.signInHint(in: $0) }) }
    }

    /// The `--json` error object's body, with `hint` as shown.
    func documentBody(hint: String?) -> ErrorDocument.Body {
        ErrorDocument.Body(code: code, message: message, hint: hint, exitCode: status.rawValue, httpStatus: httpStatus)
    }

    /// The hint of an authentication error when nothing more precise is known.
    static let signInHint = signInHint(in: .english)

    static func signInHint(in words: Words) -> String {
        words(.hintSignIn, ["command": "report auth login"])
    }

    /// `context` names what was being done, e.g. "term 1001".
    init(_ error: ReportError, context: String) {
        let prefix = context.isEmpty ? "" : "\(context): "
        // The context in a language: `term 1001` is `면접 번호 1001`; the others are names.
        let term = Self.term(in: context)
        let translatedPrefix: @Sendable (Words) -> String = { words in
            guard let term else { return prefix }
            return words(.errorTermContext, ["term": term])
        }
        switch error {
        case .unauthorized(let detail):
            // No hint here: the exact command depends on the profile and on REPORT_TOKEN, which
            // the command runner knows (`CommandRunner.signInHint`).
            self.init(kind: .unauthorized, httpStatus: 401) { words in ("\(translatedPrefix(words))\(words.said(detail))", nil) }
        case .forbidden(let detail):
            // The service's own message says the same ("다른 회원의 면접 결과는 볼 수 없습니다"):
            // about a term, said once, with where the member's own interviews are.
            if let term {
                self.init(kind: .forbidden, httpStatus: 403) { words in
                    (words(.errorForbiddenTerm, ["term": term]), words[.hintListYourInterviews])
                }
            } else {
                self.init(kind: .forbidden, httpStatus: 403) { words in
                    ("\(prefix)\(words.said(detail))", words[.hintListYourInterviews])
                }
            }
        case .notFound(let detail):
            if let term {
                self.init(kind: .notFound, httpStatus: 404) { words in
                    (words(.errorNotFoundTerm, ["term": term]), words[.hintListTermNumbers])
                }
            } else {
                self.init(kind: .notFound, httpStatus: 404) { words in ("\(prefix)\(words.said(detail))", words[.hintCheckTerm]) }
            }
        case .badRequest(let detail):
            self.init(kind: .badRequest, httpStatus: 400) { words in ("\(translatedPrefix(words))\(words.said(detail))", nil) }
        case .invalidRequest(let detail):
            self.init(kind: .usage) { words in ("\(translatedPrefix(words))\(words.said(detail))", nil) }
        case .analysisPending(let term):
            self.init(kind: .analysisPending) { words in
                (words(.errorPending, ["term": "\(term)"]), words[.hintTryInMinutes])
            }
        case .analysisFailed(let term):
            self.init(kind: .analysisFailed) { words in
                (words(.errorAnalysisFailed, ["term": "\(term)"]), words[.hintAnalysisFailed])
            }
        case .unavailable(let outage):
            let detail = outage.message.map { ": \($0)" } ?? ""
            self.init(kind: outage.isMaintenance ? .maintenance : .unavailable) { words in
                let until = outage.until.map { DisplayDate.text($0, words: words) }
                // The service's own message: after a colon in English; Korean leaves it out where it
                // says again that the service is under maintenance (`서버 점검 중입니다`).
                let what: String = switch (outage.isMaintenance, until) {
                case (true, let until?): words(.errorMaintenanceUntil, ["until": until, "detail": detail])
                case (true, nil): words(.errorMaintenance, ["detail": detail])
                case (false, _): words(.errorRefusing, ["detail": detail])
                }
                return ("\(translatedPrefix(words))\(what)", words[.hintTryLater])
            }
        case .network(let failure):
            self.init(kind: .network) { words in
                ("\(translatedPrefix(words))\(words(.errorCannotReach, ["detail": Self.reason(failure, words)]))",
                 words[failure.kind == .tls ? .hintPrivateCA : .hintCheckNetwork])
            }
            connectionRefused = failure.kind == .connect
        case .server(let status, let detail):
            self.init(kind: .serverError, httpStatus: status) { words in
                ("\(translatedPrefix(words))\(words(.errorServer, ["status": "\(status)", "detail": detail]))", words[.hintTryLater])
            }
        case .invalidResponse(let detail):
            self.init(kind: .invalidResponse) { words in ("\(translatedPrefix(words))\(words.said(detail))", nil) }
        case .notCached(let detail):
            self.init(kind: .notCached) { words in
                ("\(translatedPrefix(words))\(words(.errorNotCached, ["detail": words.said(detail)]))", words[.hintNotCached])
            }
        case .signInChanged(let detail):
            self.init(kind: .signInChanged) { words in
                ("\(translatedPrefix(words))\(words.said(detail))", words[.hintRunAgainSignedIn])
            }
        case .reportsLeftOut(let found, let leftOut):
            // The reason of the first report left out decides the exit status; each is named
            // on its own line before this one (`ProgressLeftOut`).
            let kind = leftOut.first.map { CLIError($0.error, context: "").kind } ?? .notFound
            self.init(kind: kind) { words in
                ("\(translatedPrefix(words))\(words(.errorTooFewFetched, ["found": "\(found)", "count": "\(leftOut.count)"]))",
                 words[.hintLeftOutAbove])
            }
        case .cancelled:
            self.init(kind: .interrupted) { words in (words[.errorInterrupted], nil) }
        }
    }

    /// Why the service could not be reached, in `words`' language: the reason the transport chose
    /// by libcurl's CURLcode and what it measured (`NetworkFailure.reason`). English says libcurl's
    /// own text (`Failed to connect to HOST port N …`), another language the reason by its key.
    static func reason(_ failure: NetworkFailure, _ words: Words) -> String {
        words.said(failure.reason)
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
        let reason = PrintableText.oneLine(failure.reason, maxLength: 300)
        self.init(kind: .filterFailed) { words in
            switch failure.kind {
            case .failed: (words(.errorJQFailed, ["reason": reason]), words[.hintJQSeeJSON])
            case .unreadable: (words(.errorJQNotJSON, ["reason": reason]), words[.hintJQSeeJSON])
            case .tooLarge(let limit): (words(.errorJQTooLarge, ["limit": "\(limit >> 20)"]), words[.hintJQSeeJSON])
            }
        }
    }

    /// `--jq`'s expression does not compile (a usage error, found before any request), or libjq
    /// cannot be loaded.
    init(_ error: JQProgram.CompileError) {
        let reason = PrintableText.oneLine(error.reason, maxLength: 300)
        if error.libraryMissing {
            self.init(kind: .configuration) { words in (words(.errorJQUnavailable, ["reason": reason]), words[.hintJQInstall]) }
        } else {
            self.init(kind: .usage) { words in (words(.usageJQInvalid, ["reason": reason]), words[.hintJQLanguage]) }
        }
    }

    /// A command that SIGINT (Ctrl-C) or SIGTERM stopped; a batch that Ctrl-C stopped says how
    /// far it got.
    static func stopped(by signal: Int32, batch: BatchInterruption? = nil) -> CLIError {
        if signal == SIGTERM { return CLIError(kind: .terminated) { words in (words[.errorTerminated], nil) } }
        guard let batch else { return CLIError(kind: .interrupted) { words in (words[.errorInterrupted], nil) } }
        let counts = ["fetched": "\(batch.fetched)", "failed": "\(batch.failed)", "total": batch.total.map { "\($0)" } ?? ""]
        let message: Message = switch (batch.total != nil, batch.failed > 0) {
        case (true, false): .errorInterruptedBatch
        case (true, true): .errorInterruptedBatchFailed
        case (false, false): .errorInterruptedStream
        case (false, true): .errorInterruptedStreamFailed
        }
        return CLIError(kind: .interrupted) { words in (words(message, counts), nil) }
    }
}
