/// Sends HTTP requests with libcurl: one multi handle, driven by a thread of its own, shared by
/// every request, so concurrent requests reuse connections (keep-alive, HTTP/2 multiplexing) and
/// never block Swift's cooperative pool.
final class CurlTransport: Sendable {
    let options: TransportOptions
    /// `report/<version> libcurl/<version>`.
    let userAgent: String
    private let engine: CurlEngine

    init(options: TransportOptions) throws(TransportError) {
        self.options = options
        userAgent = "report/\(options.clientVersion) libcurl/\(CurlGlobal.version)"
        engine = try CurlEngine(maxHostConnections: options.maxHostConnections)
    }

    deinit {
        engine.shutDown()
    }

    /// Performs `request`, following redirects. Any HTTP status is a response, not an error.
    /// Cancelling the calling task ends the transfer at once with `TransportError.Kind.cancelled`.
    func perform(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        if request.followsRedirects && !request.originOnlyHeaders.isEmpty {
            return try await performFollowingHopByHop(request)
        }
        return try await transfer(request)
    }

    /// One transfer; libcurl follows redirects unless the request has origin-only headers.
    func transfer(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let transfer = try CurlTransfer(request: request, options: options, userAgent: userAgent)
        let engine = engine
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if transfer.start(continuation), !engine.submit(transfer) {
                    transfer.complete(.failure(.cancelled))
                }
            }
        } onCancel: {
            if transfer.cancel() { engine.remove(transfer) }
        }
        return try result.get()
    }
}

/// How the transport talks to servers: limits, timeouts and identity.
struct TransportOptions: Hashable, Sendable {
    /// The client's version, sent as `User-Agent: report/<version> libcurl/<version>`.
    var clientVersion: String
    var connectTimeout: Duration = TransportDefaults.connectTimeout
    /// The most one transfer may take, redirects included.
    var totalTimeout: Duration = TransportDefaults.totalTimeout
    /// A transfer that moves no byte for this long fails; libcurl counts whole seconds (at least 1).
    var stallTimeout: Duration = TransportDefaults.stallTimeout
    /// The largest response body accepted, counted after gzip decoding.
    var maxResponseBytes: Int = 8 << 20
    /// Connections kept open to one host; more concurrent requests wait for one of them.
    var maxHostConnections: Int = 6
    var maxRedirects: Int = 5
    /// A PEM bundle of CA certificates to trust instead of the system's.
    var caFile: String?

    init(clientVersion: String) {
        self.clientVersion = clientVersion
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so that a positive duration never becomes 0 ("no limit" to libcurl).
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(clamping: max(millis, 0))
    }
}
