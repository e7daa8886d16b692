import ArgumentParser

/// Runs a command's body and applies the exit-code table exactly once: the body returns the
/// status of a completed run or throws; whatever it throws becomes one line (or one JSON object)
/// on stderr and an exit code. Nothing else in the program exits.
struct CommandRunner: Sendable {
    let json: Bool
    let standardError: StandardStream
    /// The hint of authentication errors that have none: the exact sign-in command for the
    /// profile in use, or that REPORT_TOKEN was rejected.
    let signInHint: String

    init(json: Bool, standardError: StandardStream = .error, signInHint: String = CLIError.signInHint) {
        self.json = json
        self.standardError = standardError
        self.signInHint = signInHint
    }

    func run(_ body: () async throws -> ExitStatus) async throws {
        let status: ExitStatus
        do {
            status = try await body()
        } catch let error as CLIError {
            report(error)
            status = error.status
        } catch is CancellationError {
            report(CLIError(.cancelled, context: ""))
            status = .interrupted
        } catch {
            // Anything else is a bug in report; still one line and a documented code.
            let bug = CLIError(message: "internal error: \(error)", hint: "please report this", status: .internalError,
                                    code: "internal")
            report(bug)
            status = bug.status
        }
        if status != .success {
            throw ExitCode(status.rawValue)
        }
    }

    /// Writes `error` to stderr: one human line, or with `--json` one JSON object a pipeline can parse.
    func report(_ error: CLIError) {
        let hint = error.hint ?? (error.status == .authentication ? signInHint : nil)
        if json {
            let object = ErrorDocument(error: .init(code: error.code, message: error.message, hint: hint,
                                                    exitCode: error.status.rawValue, httpStatus: error.httpStatus))
            if let text = try? JSONText.encode(object, pretty: false) {
                standardError.write(text + "\n")
                return
            }
        }
        standardError.write("report: \(error.message)\(hint.map { "; \($0)" } ?? "")\n")
    }
}

/// `{"error": {"code", "message", "hint"?, "exitCode", "httpStatus"?}}` on stderr with `--json`.
struct ErrorDocument: Encodable, Sendable {
    struct Body: Encodable, Sendable {
        let code: String
        let message: String
        let hint: String?
        let exitCode: Int32
        let httpStatus: Int?
    }

    let error: Body
}
