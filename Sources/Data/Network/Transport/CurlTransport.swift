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
