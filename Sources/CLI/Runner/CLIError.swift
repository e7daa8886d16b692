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

    var status: ExitStatus { kind.status }
    /// A stable machine-readable name for `--json` error objects.
    var code: String { kind.code }

    init(message: String, hint: String? = nil, kind: ErrorKind, httpStatus: Int? = nil) {
        self.message = message
        self.hint = hint
        self.kind = kind
        self.httpStatus = httpStatus
    }

    /// The hint to show: the error's own, or for an authentication error without one, `signInHint`
    /// (the exact sign-in command for the profile in use, or that REPORT_TOKEN was rejected).
    /// `signInHint` is asked for only then (it may read the credentials file).
    func hint(signingInWith signInHint: @Sendable () -> String) -> String? {
        hint ?? (status == .authentication ? signInHint() : nil)
    }

    /// The `--json` error object's body, with `hint` as shown.
    func documentBody(hint: String?) -> ErrorDocument.Body {
        ErrorDocument.Body(code: code, message: message, hint: hint, exitCode: status.rawValue, httpStatus: httpStatus)
    }

    /// The hint of an authentication error when nothing more precise is known.
    static let signInHint = "run `report auth login` to sign in (or, for CI, set REPORT_TOKEN to an access token)"

    /// `context` names what was being done, e.g. "term 1001".
    init(_ error: ReportError, context: String) {
        let prefix = context.isEmpty ? "" : "\(context): "
        switch error {
        case .unauthorized(let detail):
            // No hint here: the exact command depends on the profile and on REPORT_TOKEN, which
            // the command runner knows (`CommandRunner.signInHint`).
            self.init(message: "\(prefix)\(detail)", kind: .unauthorized, httpStatus: 401)
        case .forbidden(let detail):
            self.init(message: "\(prefix)\(detail)",
                      hint: "this interview belongs to another member", kind: .forbidden, httpStatus: 403)
        case .notFound(let detail):
            self.init(message: "\(prefix)\(detail)",
                      hint: "check the term number", kind: .notFound, httpStatus: 404)
        case .badRequest(let detail):
            self.init(message: "\(prefix)\(detail)",
                      kind: .badRequest, httpStatus: 400)
        case .invalidRequest(let detail):
            self.init(message: "\(prefix)\(detail)", kind: .usage)
        case .analysisPending(let term):
            self.init(message: "term \(term): the analysis is still running",
                      hint: "try again in a few minutes", kind: .analysisPending)
        case .analysisFailed(let term):
            self.init(message: "term \(term): the service could not analyse this interview",
                      kind: .analysisFailed)
        case .unavailable(let outage):
            let until = outage.until.map { " until \(DisplayDate.text($0))" } ?? ""
            let detail = outage.message.map { ": \($0)" } ?? ""
            self.init(message: outage.isMaintenance
                        ? "\(prefix)the service is under maintenance\(until)\(detail)"
                        : "\(prefix)the service is refusing requests for now\(detail)",
                      hint: "try again later", kind: outage.isMaintenance ? .maintenance : .unavailable)
        case .network(let failure):
            self.init(message: "\(prefix)could not reach the service: \(failure.detail)",
                      hint: failure.kind == .tls
                          ? "if the service's certificate comes from a private CA, trust it with --cacert FILE (PEM); otherwise check the base URL and the certificate"
                          : "check the base URL and your network",
                      kind: .network)
        case .server(let status, let detail):
            self.init(message: "\(prefix)the service failed with HTTP \(status): \(detail)",
                      hint: "try again later", kind: .serverError, httpStatus: status)
        case .invalidResponse(let detail):
            self.init(message: "\(prefix)\(detail)",
                      kind: .invalidResponse)
        case .notCached(let detail):
            self.init(message: "\(prefix)\(detail) (--offline reads only the cache)",
                      hint: "fetch it once without --offline; only finished reports are kept", kind: .notCached)
        case .cancelled:
            self.init(message: "interrupted", kind: .interrupted)
        }
    }

    /// Standard output or standard error could not be written (not a closed pipe: see `OutputError`).
    init(_ error: OutputError) {
        self.init(message: error.description,
                  hint: "check where the output goes: a full disk, or a descriptor closed before report started",
                  kind: .outputFailed)
    }

    /// A command that SIGINT (Ctrl-C) or SIGTERM stopped.
    static func stopped(by signal: Int32) -> CLIError {
        signal == SIGTERM
            ? CLIError(message: "terminated (SIGTERM)", kind: .terminated)
            : CLIError(message: "interrupted", kind: .interrupted)
    }
}
