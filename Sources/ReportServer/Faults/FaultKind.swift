/// What a fault does to the response of a request it matches.
enum FaultKind: String, Codable, Sendable, CaseIterable {
    /// Answer `status` with the contract's error body (and `Retry-After` when given).
    case status
    /// Wait `delay`, then answer as usual.
    case delay
    /// Send the status line and headers, then nothing more (the connection stays open).
    case stall
    /// Send the headers with the whole body's `Content-Length`, half of the body, then close.
    case cut
    /// Reset the connection (TCP RST; on HTTP/2, RST_STREAM) instead of answering.
    case reset
    /// Close the connection without a byte of response (on HTTP/2, the stream).
    case close
    /// Answer 200 with the first half of the real JSON body (a consistent Content-Length).
    case malformed

    /// The kinds that need the connection itself, below Hummingbird's response API.
    var isConnectionLevel: Bool {
        switch self {
        case .stall, .cut, .reset, .close, .malformed: true
        case .status, .delay: false
        }
    }
}
