import Terminal

/// `report auth logout --json`: `{"baseURL", "environmentTokenIsSet", "profile", "removed",
/// "schemaVersion"}` — whether there were stored credentials to remove, and whether REPORT_TOKEN
/// still signs requests in.
struct LogoutDocument: JSONWritable, Sendable {
    let baseURL: String
    let profile: String
    let removed: Bool
    let environmentTokenIsSet: Bool

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("baseURL", baseURL)
            writer.member("environmentTokenIsSet", environmentTokenIsSet)
            writer.member("profile", profile)
            writer.member("removed", removed)
            writer.schemaVersionMember()
        }
    }
}
