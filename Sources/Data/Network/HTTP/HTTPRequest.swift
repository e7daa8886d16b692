#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP request as the transport sends it: an absolute URL, already built and encoded.
struct HTTPRequest: Hashable, Sendable {
    var method: HTTPMethod
    var url: String
    var headers: HTTPHeaders
    var body: Data?
    /// Caps this request's total time below `TransportOptions.totalTimeout` (an overall deadline).
    var timeout: Duration?
    /// Names (lower-case) of headers sent only to the request's own origin: a redirect to another
    /// host, port or scheme is followed without them, as without `Authorization` and `Cookie`.
    var originOnlyHeaders: Set<String> = []

    /// Only GET and HEAD follow redirects: a request with a body would carry it, secrets included,
    /// to wherever the Location points.
    var followsRedirects: Bool { method == .get || method == .head }

    init(method: HTTPMethod = .get, url: String, headers: HTTPHeaders = [:], body: Data? = nil,
         timeout: Duration? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}


/// The last response of a transfer (after any redirects were followed).
struct HTTPResponse: Hashable, Sendable {
    let status: Int
    /// The headers of the last response only, not of the redirects before it.
    let headers: HTTPHeaders
    /// The body after content decoding (gzip is undone by libcurl).
    let body: Data
    /// The URL that answered, after redirects.
    let url: String
    let redirectCount: Int
    /// From the start of the transfer to the last byte, redirects included.
    let totalTime: Duration
    /// "1.1", "2", … as libcurl negotiated it.
    let httpVersion: String
    /// Where a 3xx response points (its Location, resolved) when the transfer did not follow it.
    var redirectURL: String? = nil

    var isSuccess: Bool { (200...299).contains(status) }
}

/// An ordered list of header fields with case-insensitive lookup by name.
struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    struct Field: Hashable, Sendable {
        let name: String
        let value: String
    }

    private(set) var fields: [Field] = []

    init() {}

    init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field called `name`, in any letter case.
    subscript(name: String) -> String? {
        fields.first { Self.matches($0.name, name) }?.value
    }

    /// Every value of the field called `name`, in the order received.
    func values(for name: String) -> [String] {
        fields.filter { Self.matches($0.name, name) }.map(\.value)
    }

    /// Adds a field, keeping any other field of the same name.
    mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Sets the only field called `name` (in any letter case).
    mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    mutating func remove(_ name: String) {
        fields.removeAll { Self.matches($0.name, name) }
    }

    var isEmpty: Bool { fields.isEmpty }

    func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Field names are ASCII tokens (RFC 9110 §5.1): compared byte by byte, ASCII letters in
    /// either case, without making lowercased copies of both.
    private static func matches(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                for index in left.indices where left[index] != right[index] {
                    let folded = left[index] | 0x20
                    guard folded == right[index] | 0x20, folded >= 0x61, folded <= 0x7A else { return false }
                }
                return true
            }
        }
    }
}
