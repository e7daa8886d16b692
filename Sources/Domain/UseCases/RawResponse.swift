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
