import Domain
import Presentation
import Terminal

extension AppContainer {
    /// The reports a progress view (`trend`, `compare --latest`) left out, each named on stderr
    /// with why, as a batch names a term that failed: a line (`report: term 1033: …; left out
    /// (exit 66 not_found)`), or with `--json`/`--jsonl` the term's error object (a batch's
    /// `--jsonl` line).
    func writeLeftOut(_ leftOut: [LeftOutReport], json: Bool) {
        let words = makeWords()
        for gap in leftOut {
            let error = CLIError(gap.error, context: "term \(gap.termNo)")
            if json {
                let document = BatchErrorDocument(term: gap.termNo.rawValue, file: nil, line: nil,
                                                  error: error.documentBody(hint: error.hint(signingInWith: signInHint)))
                standardError.note(JSONWriter.text(of: document, pretty: false) + "\n")
            } else {
                let shown = error.line(in: words, signingInWith: signInHint)
                standardError.note("report: " + words(.progressLeftOut, ["message": shown.message, "status": "\(error.status.rawValue)",
                                                                         "code": error.code]) + "\n")
            }
        }
    }

    /// `writeLeftOut` for the error that ends a progress view with too few reports.
    func writeLeftOut(endingWith error: ReportError, json: Bool) {
        if case .reportsLeftOut(_, let leftOut) = error { writeLeftOut(leftOut, json: json) }
    }
}
