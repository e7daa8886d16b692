import Terminal

/// `{"error": {"code", "message", "hint"?, "exitCode", "httpStatus"?}, "schemaVersion": 1}` on stderr with `--json`.
struct ErrorDocument: JSONWritable, Sendable {
    struct Body: JSONWritable, Sendable {
        let code: String
        let message: String
        let hint: String?
        let exitCode: Int32
        let httpStatus: Int?

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("code", code)
                writer.member("exitCode", exitCode)
                writer.member("hint", ifPresent: hint)
                writer.member("httpStatus", ifPresent: httpStatus)
                writer.member("message", message)
            }
        }
    }

    let error: Body

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("error", error)
            writer.schemaVersionMember()
        }
    }
}
