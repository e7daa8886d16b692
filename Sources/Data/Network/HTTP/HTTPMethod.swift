/// The HTTP methods the client sends.
enum HTTPMethod: String, Hashable, Sendable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case patch = "PATCH"

    /// Whether repeating the request cannot change anything on the server, so a retry is safe.
    var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete: true
        case .post, .patch: false
        }
    }
}
