#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one call to the service is: method, path, query, body and whether it needs a token.
struct Endpoint: Hashable, Sendable {
    struct QueryItem: Hashable, Sendable {
        let name: String
        let value: String
    }

    let method: HTTPMethod
    /// Path segments under the base URL, not encoded: `["v1", "interviews", "1001"]`.
    let pathSegments: [String]
    let queryItems: [QueryItem]
    /// Whether the request carries `Authorization: Bearer <access token>`.
    let requiresAuth: Bool
    /// A JSON body (POST only).
    let body: Data?

    init(method: HTTPMethod = .get, path: [String], query: [QueryItem] = [], requiresAuth: Bool, body: Data? = nil) {
        self.method = method
        self.pathSegments = path
        self.queryItems = query
        self.requiresAuth = requiresAuth
        self.body = body
    }

    /// `/v1/interviews/1001`, percent-encoded.
    var path: String {
        "/" + pathSegments.map(PercentEncoding.encode).joined(separator: "/")
    }

    /// `termNo=1001&…`, percent-encoded; empty for none.
    var query: String {
        queryItems.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }
            .joined(separator: "&")
    }

    func url(relativeTo base: BaseURL) -> String {
        base.url(path: path, query: query)
    }
}

/// RFC 3986 percent-encoding: everything but the unreserved characters is encoded, so a value can
/// never break out of its path segment or query component.
enum PercentEncoding {
    static func encode(_ text: some StringProtocol) -> String {
        encode(text, keeping: isUnreserved)
    }

    /// A path and query a user typed (`report api`): what a URL may not carry is encoded, while
    /// its structure (`/`, `?`, `&`, `=`, …) and existing `%` escapes stay as given.
    static func encodePathAndQuery(_ text: some StringProtocol) -> String {
        encode(text) { byte in isUnreserved(byte) || pathAndQueryDelimiters.contains(byte) }
    }

    private static let pathAndQueryDelimiters = Set("!$&'()*+,;=:@/?%".utf8)

    private static func encode(_ text: some StringProtocol, keeping isKept: (UInt8) -> Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            if isKept(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hex[Int(byte >> 4)] + hex[Int(byte & 0x0F)]
            }
        }
        return result
    }

    private static let hex = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
