import Domain
import Presentation
import Terminal

/// One failed item of a batch on stderr with `--jsonl`: the `--json` error object, plus the term,
/// or for a line of `--terms-from` that is not a term number, the file and the line.
struct BatchErrorDocument: JSONWritable, Sendable {
    let term: UInt32?
    let file: String?
    let line: Int?
    let error: ErrorDocument.Body

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("error", error)
            writer.member("file", ifPresent: file)
            writer.member("line", ifPresent: line)
            writer.schemaVersionMember()
            writer.member("term", ifPresent: term.map(Int.init))
        }
    }
}
