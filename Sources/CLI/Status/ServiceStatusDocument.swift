import Domain
import Terminal

/// `report status --json`: `{"baseURL", "message", "schemaVersion", "status": "OK"|"MAINTENANCE", "until"}`, from
/// the service's status; `message` and `until` are null when the service sent none.
struct ServiceStatusDocument: JSONWritable, Sendable {
    let status: ServiceStatus
    let baseURL: String

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("baseURL", baseURL)
            writer.member("message", status.message)
            writer.schemaVersionMember()
            writer.member("status", status.isUnderMaintenance ? "MAINTENANCE" : "OK")
            writer.member("until", status.until)
        }
    }
}
