import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension NetworkError {
    /// The one place where transport and HTTP failures become domain errors. `termNo` names the
    /// interview in messages when the call was about one; `now` turns a Retry-After delay into a time.
    ///
    /// | failure | ReportError |
    /// | --- | --- |
    /// | HTTP 400, other 4xx (405, 409, 413, 415, 422, …) | badRequest |
    /// | HTTP 401 | unauthorized |
    /// | HTTP 403 | forbidden |
    /// | HTTP 404, 410 | notFound |
    /// | HTTP 408 | network(timeout) |
    /// | HTTP 429 | unavailable(isMaintenance: false) |
    /// | HTTP 503 | unavailable(isMaintenance: code == "maintenance") |
    /// | HTTP 500, 502, 504, other 5xx | server(status:message:) |
    /// | HTTP 304 to a request that offered no cached copy | invalidResponse |
    /// | HTTP 3xx (a request with a body follows no redirect) | invalidResponse |
    /// | HTTP 1xx, other | invalidResponse |
    /// | transport dns/connect/tls/timeout | network(dns/connect/tls/timeout) |
    /// | transport insecureRedirect | network(tls) |
    /// | transport interrupted, other | network(transfer) |
    /// | transport tooLarge, malformedResponse, tooManyRedirects, decoding | invalidResponse |
    /// | transport invalidRequest | invalidRequest |
    /// | transport cancelled | cancelled |
    func toDomain(termNo: TermNumber? = nil, now: Date = .now) -> ReportError {
        switch self {
        case .transport(let error):
            return error.toDomain()
        case .decoding(let detail):
            return .invalidResponse(Detail(.detailUnreadableResponse, ["detail": .detail(detail)]))
        case .http(let status, let code, let message, let retryAfter):
            let detail = "\(message) (HTTP \(status)\(code.map { " \($0)" } ?? ""))"
                        switch status {
            case 401:
                return .unauthorized(Detail(.detailCredentialsRejected, ["detail": .data(detail)]))
            case 403:
                return .forbidden(termNo.map { Detail(.detailForbiddenInterview, ["term": .data("\($0)"), "detail": .data(detail)]) }
                                  ?? Detail(.detailForbiddenResource, ["detail": .data(detail)]))
            case 404, 410:
                return .notFound(termNo.map { Detail(.detailInterviewNotFound, ["term": .data("\($0)"), "detail": .data(detail)]) }
                                 ?? Detail(.detailResourceNotFound, ["detail": .data(detail)]))
            case 408:
                return .network(NetworkFailure(kind: .timeout, reason: Detail(.detailServiceTimedOut, ["detail": .data(detail)])))
            case 429, 503:
                return .unavailable(ServiceOutage(
                    message: message,
                    until: retryAfter.map { $0.date(now: now).iso8601 },
                    isMaintenance: status == 503 && code == "maintenance"
                ))
            case 400...499:
                return .badRequest(Detail(.detailRequestRejected, ["detail": .data(detail)]))
            case 500...599:
                return .server(status: status, message: code.map { "\(message) (\($0))" } ?? message)
            case 304:
                // A request that offered a cached copy (If-None-Match) takes a 304 as its answer;
                // one gets here only when nothing was offered: not a redirect, and not followable.
                return .invalidResponse(Detail(.detailNotModified))
            case 300...399:
                return .invalidResponse(Detail(.detailRedirectNotFollowed, ["status": .data("\(status)"), "detail": .data(message)]))
            default:
                return .invalidResponse(Detail(.detailUnexpectedStatus, ["detail": .data(detail)]))
            }
        }
    }
}

extension TransportError {
    func toDomain() -> ReportError {
        switch kind {
        case .dns: .network(NetworkFailure(kind: .dns, reason: reason))
        case .connect: .network(NetworkFailure(kind: .connect, reason: reason))
        case .tls: .network(NetworkFailure(kind: .tls, reason: reason))
        case .timeout: .network(NetworkFailure(kind: .timeout, reason: reason))
        case .interrupted, .other: .network(NetworkFailure(kind: .transfer, reason: reason))
        // The service was reached and answered: a redirect loop is its misconfiguration, not the
        // network's, and "check your network" would send the user the wrong way.
        case .tooManyRedirects: .invalidResponse(reason)
        case .insecureRedirect: .network(NetworkFailure(kind: .tls, reason: reason))
        case .tooLarge, .malformedResponse: .invalidResponse(reason)
        case .invalidRequest: .invalidRequest(reason)
        case .cancelled: .cancelled
        }
    }
}
