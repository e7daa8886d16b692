import Domain

/// A failed call to the service, before it is put in the domain's terms (`toDomain(termNo:)`).
enum NetworkError: Error, Hashable, Sendable {
    /// No HTTP response: DNS, connect, TLS, timeout, size limit, cancellation, …
    case transport(TransportError)
    /// Any non-2xx status. `code` and `message` come from the contract's
    /// `{"error":{"code","message"}}` body when there is one; otherwise `message` is a short,
    /// sanitized snippet of the body or the status's reason phrase. Always one printable line.
    case http(status: Int, code: String?, message: String, retryAfter: RetryAfter?)
    /// A 2xx whose body is not JSON of the expected shape: the problem and where (the byte offset,
    /// the key path), as a key and its values.
    case decoding(Detail)
}

extension NetworkError: CustomStringConvertible {
    var description: String {
        switch self {
        case .transport(let error):
            error.detail
        case .http(let status, let code, let message, _):
            "HTTP \(status)\(code.map { " \($0)" } ?? ""): \(message)"
        case .decoding(let detail):
            "unexpected response: \(detail)"
        }
    }
}
