#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Terminal

/// Reads what a non-2xx response says about itself: the contract's error body, or whatever a proxy
/// put there (nothing, HTML, plain text).
enum HTTPErrorBody {
    private struct Envelope: Decodable {
        struct Detail: Decodable {
            let code: String?
            let message: String?
        }

        let error: Detail
    }

    static func error(from response: HTTPResponse) -> NetworkError {
        let retryAfter = response.headers["Retry-After"].flatMap { RetryAfter(headerValue: $0) }
        var code: String?
        var message: String?
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: response.body) {
            code = envelope.error.code.map { PrintableText.oneLine($0, maxLength: 60) }.flatMap { $0.isEmpty ? nil : $0 }
            message = envelope.error.message.map { PrintableText.oneLine($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if message == nil, code == nil {
            message = snippet(of: response)
        }
        return .http(status: response.status, code: code,
                     message: message ?? reasonPhrase(response.status), retryAfter: retryAfter)
    }

    /// A short printable excerpt of a body that is not the contract's error JSON; nil when empty.
    static func snippet(of response: HTTPResponse) -> String? {
        let text = String(decoding: response.body.prefix(4096), as: UTF8.self)
        let isHTML = response.headers["Content-Type"]?.lowercased().contains("html") == true
            || text.trimmingWhitespace().hasPrefix("<")
        let readable = isHTML ? htmlText(text) : text
        let line = PrintableText.oneLine(readable, maxLength: 120)
        return line.isEmpty ? nil : line
    }

    /// The page's title when it has one, otherwise its text with the tags taken out.
    private static func htmlText(_ html: String) -> String {
        let bytes = Array(html.utf8)
        // ASCII-only lowercasing keeps every byte at its offset, so ranges map back to `bytes`.
        let lower = bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
        if let open = lower.firstRange(of: Array("<title".utf8)),
           let openEnd = lower[open.upperBound...].firstIndex(of: UInt8(ascii: ">")),
           let close = lower[openEnd...].firstRange(of: Array("</title".utf8)) {
            let title = String(decoding: bytes[(openEnd + 1)..<close.lowerBound], as: UTF8.self)
            if !title.trimmingWhitespace().isEmpty { return title }
        }
        var text = ""
        var inTag = false
        for character in html {
            switch character {
            case "<": inTag = true
            case ">" where inTag: inTag = false; text += " "
            default: if !inTag { text.append(character) }
            }
        }
        return text
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "HTTP status \(status)"
        }
    }
}
