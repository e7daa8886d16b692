import Domain
import Terminal

/// What became of one watched term: finished (ready, or the analysis failed), still pending when
/// `--wait-timeout` ran out, or an error (not found, forbidden, …). `--jsonl` writes each as one
/// line, `schema/watch-event.schema.json`.
struct WatchEvent: Sendable {
    enum Status: String, Sendable {
        case ready, failed, pending, error
    }

    let term: TermNumber
    let status: Status
    /// Finished before the watch began: the first answer was already final.
    let already: Bool
    /// The interview, when the service sent it (a ready or still pending report).
    let interview: InterviewTerm?
    /// Why the term did not become ready (a failed analysis, another error); nil when it did.
    let error: CLIError?

    /// The `--jsonl` line's object; `hint` is the error's as shown.
    func document(hint: String?) -> Document {
        Document(event: self, hint: hint)
    }

    struct Document: JSONWritable, Sendable {
        let event: WatchEvent
        let hint: String?

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("already", event.already)
                writer.member("error", ifPresent: event.error?.documentBody(hint: hint))
                writer.member("interview", ifPresent: event.interview.map { ReportDocument.InterviewObject($0) })
                writer.schemaVersionMember()
                writer.member("status", event.status.rawValue)
                writer.member("term", Int(event.term.rawValue))
            }
        }
    }
}
