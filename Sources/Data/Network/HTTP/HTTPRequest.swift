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
