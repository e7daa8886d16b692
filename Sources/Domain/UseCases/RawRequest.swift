/// A request to a path of the service: never to another origin.
public struct RawRequest: Hashable, Sendable {
    /// An HTTP method in capitals: GET, HEAD, POST, PUT, PATCH or DELETE.
    public let method: String
    /// A path on the service's base URL with an optional query: `/v1/me`, `v1/interviews?page=2`;
    /// or an absolute URL of the service's own origin and base path.
    public let path: String
    /// Sent as given; they replace the defaults of the same name (`Accept`, `Content-Type`,
    /// `Authorization`).
    public let headers: [RawHeader]
    public let body: [UInt8]?

    public init(method: String, path: String, headers: [RawHeader] = [], body: [UInt8]? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}
