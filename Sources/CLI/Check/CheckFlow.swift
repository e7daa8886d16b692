import Domain
import Presentation
import Terminal

/// `report check`: runs the smoke-check view model, prints a line per check as it finishes (or
/// one JSON document at the end), writes the JUnit file, and exits with the first failure's code.
struct CheckFlow: Sendable {
    let viewModel: SmokeCheckViewModel
    let json: Bool
    let style: TextStyle
    let standardOutput: StandardStream
    /// The language of the lines for a person; the JSON document and the JUnit file stay English.
    var words: Words = .english
    /// The service checked: named on the first line and in the JUnit file.
    var baseURL = ""
    /// What to do when there are no credentials or they were refused, as `fetch` says it.
    var signInHint: CLIError.SignInHint = { CLIError.signInHint }
    /// The requests made, taken after each check: the JUnit file names each check's.
    var recorder: RequestRecorder?

    func run(junitPath: String?) async throws -> ExitStatus {
        // State alone, never failing, never navigating: each check runs as its state is read.
        let output = viewModel.transform(input: .init())

        var printed = 0
        var final: SmokeCheckState?
        var requests: [SmokeCheck: [RequestRecorder.Request]] = [:]
        for await state in output.states {
            // Ctrl-C ends the run where it is: nothing more is printed.
            if Task.isCancelled { break }
            // A state is read after its one new check ran: the requests since are that check's.
            if let check = state.results.last?.check, let taken = recorder?.take(), !taken.isEmpty {
                requests[check, default: []] += taken
            }
            if !json {
                for result in state.results.dropFirst(printed) {
                    try standardOutput.write(line(result) + "\n")
                }
                printed = state.results.count
            }
            if state.isFinished {
                final = state
                break
            }
        }
        guard let final else { throw CLIError(.cancelled, context: "check") }

        let failures = Dictionary(uniqueKeysWithValues: final.results.compactMap { result -> (SmokeCheck, (code: String, message: String))? in
            guard case .failed(let error) = result.outcome else { return nil }
            let cliError = CLIError(error, context: "")
            let hint = cliError.hint(signingInWith: signInHint)
            return (result.check, (cliError.code, cliError.message + (hint.map { "; \($0)" } ?? "")))
        })
        if json {
            try standardOutput.write(JSONWriter.text(of: CheckDocument(final, failures: failures), pretty: standardOutput.isTerminal) + "\n")
        }
        if let junitPath {
            do {
                try AtomicFile.write(Array(JUnitReport(results: final.results, failureMessages: failures, baseURL: baseURL, requests: requests).render().utf8), to: junitPath)
            } catch {
                throw CLIError(.detailRefusalJUnitCouldNotWrite, ["detail": .detail(ServiceLayer.detail(error))],
                               hint: .detailRefusalCheckDirectory, kind: .cannotWrite)
            }
        }
        if let failure = final.firstFailure {
            return CLIError(failure, context: "check").status
        }
        return .success
    }

    private func line(_ result: SmokeCheckResult) -> String {
        let time = "(\(milliseconds(result.duration)) ms)"
        // The service check names the service: the first line says what was checked.
        let title = (result.check == .service && !baseURL.isEmpty
            ? words(.checkServiceAt, ["url": PrintableText.oneLine(baseURL, maxLength: 200)]) : result.check.title(words)) + ":"
        switch result.outcome {
        case .passed:
            return wrapped([("✓", style.green("✓"))] + plainWords(title) + plainWords(result.detail(words)) + [(time, style.dim(time))])
        case .skipped:
            return wrapped([("-", style.dim("-"))] + plainWords(title) + plainWords(result.detail(words)).map { ($0.plain, style.dim($0.shown)) })
        case .failed(let error):
            // A failure reads as the error's line does, in the run's language.
            // A failure reads as the error's line does, with its hint (sign-in's too), in the run's language.
            let shown = CLIError(error, context: "").line(in: words, signingInWith: signInHint)
            let text = words.line(shown.message, hint: shown.hint)
            return wrapped([("✗", style.red("✗"))] + plainWords(title) + plainWords(text) + [(time, style.dim(time))])
        }
    }

    /// `text`'s words, each a part that a line may break after.
    private func plainWords(_ text: String) -> [(plain: String, shown: String)] {
        text.split(separator: " ").map { (String($0), String($0)) }
    }

    /// The parts on one line on a pipe; on a terminal, wrapped to its width, the lines after the
    /// first indented under the title.
    private func wrapped(_ parts: [(plain: String, shown: String)]) -> String {
        guard let columns = standardOutput.columns else { return parts.map(\.shown).joined(separator: " ") }
        let lines = TextLayout.joinWrapping(parts, separator: " ", columns: columns - 2)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }.joined(separator: "\n")
    }

    private func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

/// `report check --json`: `{"passed": false, "schemaVersion": 1, "checks": [{"name", "title", "status", "detail", "code"?, "durationMs"}]}`.
struct CheckDocument: JSONWritable, Sendable {
    struct Check: JSONWritable, Sendable {
        let name: String
        let title: String
        let status: String
        let detail: String
        let code: String?
        let durationMs: Int64

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("code", ifPresent: code)
                writer.member("detail", detail)
                writer.member("durationMs", Int(durationMs))
                writer.member("name", name)
                writer.member("status", status)
                writer.member("title", title)
            }
        }
    }

    let passed: Bool
    let checks: [Check]

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("checks", checks)
            writer.member("passed", passed)
            writer.schemaVersionMember()
        }
    }

    init(_ state: SmokeCheckState, failures: [SmokeCheck: (code: String, message: String)]) {
        passed = state.firstFailure == nil
        checks = state.results.map { result in
            let status: String
            var detail = result.detail
            var code: String?
            switch result.outcome {
            case .passed: status = "passed"
            case .skipped: status = "skipped"
            case .failed:
                status = "failed"
                detail = failures[result.check]?.message ?? detail
                code = failures[result.check]?.code
            }
            let duration = result.duration.components
            return Check(name: result.check.rawValue, title: result.check.title, status: status, detail: detail, code: code,
                         durationMs: duration.seconds * 1000 + duration.attoseconds / 1_000_000_000_000_000)
        }
    }
}
