import Domain
import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every endpoint of the service's contract (`API-CONTRACT.md`), in one place.
enum Router: Hashable, Sendable, CustomStringConvertible {
    /// `GET /v1/service/status` (no auth).
    case serviceStatus
    /// `POST /v1/auth/token`: the refresh-token grant (no auth).
    case refreshToken(String)
    /// `GET /v1/me`.
    case me
    /// `GET /v1/interviews?status=completed&page=&size=`.
    case completedInterviews(page: Int, size: Int)
    /// `GET /v1/interviews/{termNo}`.
    case interview(TermNumber)
    /// `GET /v1/analysis/report?termNo=`.
    case analysisReport(TermNumber)
    /// `GET /v1/analysis/video-report?termNo=`.
    case videoReport(TermNumber)
    /// `GET /v1/hints/{section}`.
    case hint(ReportSection)

    /// `{"grantType":"refresh_token","refreshToken":…}`, written by the program's one JSON writer.
    static func refreshGrant(_ token: String) -> [UInt8] {
        var writer = JSONWriter(pretty: false)
        writer.object { writer in
            writer.member("grantType", "refresh_token")
            writer.member("refreshToken", token)
        }
        return writer.bytes
    }

    var endpoint: Endpoint {
        switch self {
        case .serviceStatus:
            Endpoint(path: ["v1", "service", "status"], requiresAuth: false)
        case .refreshToken(let token):
            Endpoint(method: .post, path: ["v1", "auth", "token"], requiresAuth: false,
                     body: Data(Self.refreshGrant(token)))
        case .me:
            Endpoint(path: ["v1", "me"], requiresAuth: true)
        case .completedInterviews(let page, let size):
            Endpoint(path: ["v1", "interviews"],
                     query: [.init(name: "status", value: "completed"), .init(name: "page", value: String(page)),
                             .init(name: "size", value: String(size))],
                     requiresAuth: true)
        case .interview(let termNo):
            Endpoint(path: ["v1", "interviews", termNo.description], requiresAuth: true)
        case .analysisReport(let termNo):
            Endpoint(path: ["v1", "analysis", "report"], query: [.init(name: "termNo", value: termNo.description)],
                     requiresAuth: true)
        case .videoReport(let termNo):
            Endpoint(path: ["v1", "analysis", "video-report"], query: [.init(name: "termNo", value: termNo.description)],
                     requiresAuth: true)
        case .hint(let section):
            Endpoint(path: ["v1", "hints", section.rawValue], requiresAuth: true)
        }
    }

    /// Never shows the refresh token.
    var description: String {
        let endpoint = endpoint
        let query = endpoint.query
        return "\(endpoint.method.rawValue) \(endpoint.path)\(query.isEmpty ? "" : "?" + query)"
    }
}
