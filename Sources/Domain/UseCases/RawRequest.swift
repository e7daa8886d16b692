/// One header field, as given or as received.
public struct RawHeader: Hashable, Sendable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

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

/// A 2xx response, body bytes exactly as received (after content decoding).
public struct RawResponse: Hashable, Sendable {
    public let status: Int
    /// "1.1", "2", …
    public let httpVersion: String
    public let headers: [RawHeader]
    public let body: [UInt8]

    public init(status: Int, httpVersion: String, headers: [RawHeader], body: [UInt8]) {
        self.status = status
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
    }
}
