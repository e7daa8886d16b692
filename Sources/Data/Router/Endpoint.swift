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
