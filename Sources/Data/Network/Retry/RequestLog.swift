#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Terminal

/// The lines the log hook receives: one per request, response or failure, and retry decision.
/// Secrets are redacted (`Redactor`); every line is printable and single.
enum RequestLog {
    static func request(_ request: HTTPRequest, attempt: Int, userAgent: String) -> String {
        var headers = request.headers
        headers.add("User-Agent", userAgent)
        var line = "→ \(request.method.rawValue) \(PrintableText.oneLine(Redactor.url(request.url), maxLength: 500)) (attempt \(attempt))"
        line += " " + headers.map(Redactor.header).joined(separator: "; ")
        if let body = request.body {
            let isJSON = request.headers["Content-Type"]?.lowercased().contains("json") == true
            line += isJSON
                ? " body: " + PrintableText.oneLine(Redactor.json(String(decoding: body, as: UTF8.self)), maxLength: 500)
                : " body: \(body.count) bytes"
        }
        return line
    }

    static func response(_ response: HTTPResponse, to request: HTTPRequest) -> String {
        var line = "← \(response.status) \(request.method.rawValue) \(PrintableText.oneLine(Redactor.url(response.url), maxLength: 500))"
        line += " in \(RetryPolicy.format(response.totalTime)), \(response.body.count) bytes, HTTP/\(response.httpVersion)"
        if response.redirectCount > 0 {
            line += ", \(response.redirectCount) \(response.redirectCount == 1 ? "redirect" : "redirects")"
        }
        if !response.headers.isEmpty {
            line += "; " + response.headers.map(Redactor.header).joined(separator: "; ")
        }
        return line
    }

    static func failure(_ error: TransportError, of request: HTTPRequest, after duration: Duration) -> String {
        "← \(request.method.rawValue) \(PrintableText.oneLine(Redactor.url(request.url), maxLength: 500)) failed after "
            + "\(RetryPolicy.format(duration)): \(error.kindName): \(error.detail)"
    }

    static func decision(_ decision: RetryPolicy.Decision, retry: Int, of maxRetries: Int, after error: NetworkError) -> String {
        switch decision {
        case .retry(let delay):
            "retry \(retry) of \(maxRetries) in \(RetryPolicy.format(delay)) after \(RetryPolicy.summary(error))"
        case .giveUp(let reason):
            "no retry: \(reason)"
        }
    }
}
