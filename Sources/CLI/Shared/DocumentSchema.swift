import Terminal

/// The version of every JSON document `report` prints — on stdout with `--json` or `--jsonl`, and
/// the error objects and batch summary on stderr — each described by a JSON Schema under
/// `schema/`. Fields may be added within a version; renaming or removing one needs a new version.
enum DocumentSchema {
    static let version = 1
}

extension JSONWriter {
    /// `"schemaVersion": 1`, in its place among an object's sorted keys.
    mutating func schemaVersionMember() {
        member("schemaVersion", DocumentSchema.version)
    }
}
