/// The answer of `GET /v1/service/status`.
struct ServiceStatus: Codable, Sendable, Equatable {
    enum Status: String, Codable, Sendable {
        case ok = "OK"
        case maintenance = "MAINTENANCE"
    }

    var status: Status
    var message: String?
    var until: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(message, forKey: .message)
        try container.encode(until, forKey: .until)
    }
}
