import Terminal

/// `report auth token --json`: `{"accessToken", "baseURL", "profile", "schemaVersion"}` — the
/// token whole (this is the command that prints it), with where it is valid.
struct TokenDocument: JSONWritable, Sendable {
    let accessToken: String
    let baseURL: String
    let profile: String

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("accessToken", accessToken)
            writer.member("baseURL", baseURL)
            writer.member("profile", profile)
            writer.schemaVersionMember()
        }
    }
}
