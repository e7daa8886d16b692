import Domain
import Terminal

/// `report hint --json`: `{"body", "schemaVersion", "section", "title"}`, from the hint as the service sent it.
struct HintDocument: JSONWritable, Sendable {
    let hint: Hint

    init(_ hint: Hint) {
        self.hint = hint
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("body", hint.body)
            writer.schemaVersionMember()
            writer.member("section", hint.section.rawValue)
            writer.member("title", hint.title)
        }
    }
}
