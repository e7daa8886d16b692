#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Terminal

/// What the log hook receives: one entry per request, response or failure, and retry decision.
/// A request's or response's entry is its summary line, then one line per header (`> ` sent,
/// `< ` received, as `curl -v` writes them: a header's value may itself hold `;`), then the
/// request's body; the entry's lines go out together. Secrets are redacted (`Redactor`); every
/// line is printable.
enum RequestLog {
    static func request(_ request: HTTPRequest, attempt: Int, userAgent: String) -> String {
        var headers = request.headers
        headers.add("User-Agent", userAgent)
        var lines = ["→ \(request.method.rawValue) \(PrintableText.oneLine(Redactor.url(request.url), maxLength: 500)) (attempt \(attempt))"]
        lines += headers.map { "> " + Redactor.header($0) }
        if let body = request.body {
            let isJSON = request.headers["Content-Type"]?.lowercased().contains("json") == true
            lines.append(isJSON
                ? "body: " + PrintableText.oneLine(Redactor.json(String(decoding: body, as: UTF8.self)), maxLength: 500)
                : "body: \(body.count) bytes")
        }
        return lines.joined(separator: "\n")
    }

    static func response(_ response: HTTPResponse, to request: HTTPRequest) -> String {
        var line = "← \(response.status) \(request.method.rawValue) \(PrintableText.oneLine(Redactor.url(response.url), maxLength: 500))"
        line += " in \(RetryPolicy.format(response.totalTime)), \(response.body.count) bytes, HTTP/\(response.httpVersion)"
        if response.redirectCount > 0 {
            line += ", \(response.redirectCount) \(response.redirectCount == 1 ? "redirect" : "redirects")"
        }
        return ([line] + response.headers.map { "< " + Redactor.header($0) }).joined(separator: "\n")
    }

    static func failure(_ error: TransportError, of request: HTTPRequest, after duration: Duration) -> String {
        "← \(request.method.rawValue) \(PrintableText.oneLine(Redactor.url(request.url), maxLength: 500)) failed after "
            + "\(RetryPolicy.format(duration)): \(error.kindName): \(error.detail)"
    }

    static func decision(_ decision: RetryPolicy.Decision, retry: Int, of maxRetries: Int, after error: NetworkError) -> String {
        switch decision {
        case .retry(let delay):
            "retry \(retry) of \(maxRetries) in \(RetryPolicy.format(delay)) after \(RetryPolicy.summary(error))"
        case .giveUp(let reason), .outOfTime(let reason):
            "no retry: \(reason)"
        }
    }
}
