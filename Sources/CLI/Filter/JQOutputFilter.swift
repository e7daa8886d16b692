import Terminal

/// `--jq EXPR` between a command's documents and stdout: each document (a `--json` document, a
/// `--jsonl` line, a page of `api --paginate`) is run through the program, and its results are
/// written in its place, a line each — a string raw, as `jq -r` and `gh --jq` print it, any other
/// value as JSON. In a pipe (or to `-o FILE`) that is compact JSON and the string's bytes as they
/// are; on a terminal a value is laid out and coloured as `report api` shows a body
/// (`JSONPrettyPrinter`), and a string made printable (`PrintableText.visible`: an escape
/// sequence in the service's text is shown, never obeyed).
///
/// A document's results are kept until it is done: one that fails adds nothing, so stdout holds
/// the whole output of each document before it, never half of one.
struct JQOutputFilter: OutputFilter {
    let program: JQProgram
    /// Results for a person on a terminal.
    let forTerminal: Bool
    let style: TextStyle

    /// The most one document's results may take: a program that never stops (`repeat(.)`)
    /// ends with an error rather than filling memory.
    static let maxOutputPerDocument = 64 << 20

    func filter(_ bytes: [UInt8]) -> OutputFilterResult {
        var output: [UInt8] = []
        var pending: [UInt8] = []
        do throws(JQProgram.Stop) {
            try program.apply(bytes) { piece in
                switch piece {
                case .string(let text):
                    pending += forTerminal ? PrintableText.visible(Array(text)) : Array(text)
                    pending.append(UInt8(ascii: "\n"))
                case .json(let json):
                    pending += forTerminal ? JSONPrettyPrinter.format(Array(json), style: style) ?? Array(json) : Array(json)
                    pending.append(UInt8(ascii: "\n"))
                case .endOfText:
                    output += pending
                    pending.removeAll(keepingCapacity: true)
                }
                return pending.count <= Self.maxOutputPerDocument
            }
            return OutputFilterResult(output: output)
        } catch {
            let failure: OutputFilterFailure = switch error {
            case .notJSON(let reason): OutputFilterFailure(.unreadable, reason: reason)
            case .failed(let reason): OutputFilterFailure(.failed, reason: reason)
            case .stopped: OutputFilterFailure(.tooLarge(limit: Self.maxOutputPerDocument), reason: "")
            }
            return OutputFilterResult(output: output, failure: failure)
        }
    }
}
