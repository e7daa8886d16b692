/// What the service says while it is down for maintenance.
struct MaintenanceNotice: Sendable, Equatable {
    static let defaultMessage = "서비스 점검 중입니다. 잠시 후 다시 시도해 주세요."

    var message: String
    /// ISO-8601 date-time at which the maintenance should end, as given.
    var until: String?

    init(message: String?, until: String?) throws(DataProblem) {
        if let until, ISO8601Timestamp.date(from: until) == nil {
            throw DataProblem(path: "until", message: "\(DataProblem.quoted(until)) is not an ISO-8601 date-time")
        }
        self.message = message.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultMessage
        self.until = until
    }

    var status: ServiceStatus { ServiceStatus(status: .maintenance, message: message, until: until) }
}
