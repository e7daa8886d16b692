import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Calls one endpoint of the service and decodes its JSON into `T`. Every non-2xx status is an
/// error (`NetworkError.http`), never a value. Idempotent requests are retried by `retryPolicy`.
struct Network<T: ResponseBody>: Sendable {
    let transport: CurlTransport
    let baseURL: BaseURL
    let retryPolicy: RetryPolicy
    /// Receives one redacted line per request, response and retry decision; nil for silence.
    let log: (@Sendable (String) -> Void)?
    /// Receives each attempt once it has ended; nil for none.
    let observe: (@Sendable (RequestAttempt) -> Void)?

    init(transport: CurlTransport, baseURL: BaseURL, retryPolicy: RetryPolicy = RetryPolicy(),
         log: (@Sendable (String) -> Void)? = nil, observe: (@Sendable (RequestAttempt) -> Void)? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.retryPolicy = retryPolicy
        self.log = log
        self.observe = observe
    }

    /// The decoded body of `route`'s response. `accessToken` goes out as `Authorization: Bearer …`
    /// only to endpoints that require authentication.
    func request(_ route: Router, accessToken: String?) async throws(NetworkError) -> T {
        let response = try await response(route, accessToken: accessToken)
        guard let value = response.value else {
            throw .http(status: response.status, code: nil, message: HTTPErrorBody.reasonPhrase(response.status),
                        retryAfter: nil)
        }
        return value
    }

    /// The decoded body with the status and headers. With `ifNoneMatch`, a 304 is not an error:
    /// it comes back with a nil value.
    func response(_ route: Router, accessToken: String?, ifNoneMatch: String? = nil)
        async throws(NetworkError) -> NetworkResponse<T> {
        let response = try await undecodedResponse(route, accessToken: accessToken, ifNoneMatch: ifNoneMatch)
        if response.status == 304 {
            return NetworkResponse(value: nil, status: response.status, headers: response.headers)
        }
        return NetworkResponse(value: try Self.decode(response.body), status: response.status, headers: response.headers)
    }

    /// `route`'s response with its body as received (the report cache keeps those bytes): a 2xx,
    /// or a body-less 304 when `ifNoneMatch` was sent and still matches.
    func undecodedResponse(_ route: Router, accessToken: String?, ifNoneMatch: String?)
        async throws(NetworkError) -> HTTPResponse {
        let request = makeRequest(route.endpoint, accessToken: accessToken, ifNoneMatch: ifNoneMatch)
        return try await send(request, acceptsNotModified: ifNoneMatch != nil)
    }

    /// `body` decoded as `T`, the one way `T` decodes (`ResponseBody`); a body that does not fit
    /// becomes `.decoding` with a one-line reason.
    static func decode(_ body: Data) throws(NetworkError) -> T {
        try T.decode(body: body)
    }

    /// A request built by the caller (`report api`): its response when 2xx (or 304 when the
    /// request is conditional), retried as the policy allows; the body is not decoded.
    func rawResponse(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let isConditional = request.headers["If-None-Match"] != nil || request.headers["If-Modified-Since"] != nil
        return try await send(request, acceptsNotModified: isConditional)
    }

    func makeRequest(_ endpoint: Endpoint, accessToken: String?, ifNoneMatch: String? = nil) -> HTTPRequest {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let accessToken, endpoint.requiresAuth {
            headers.add("Authorization", "Bearer \(accessToken)")
        }
        if let ifNoneMatch {
            headers.add("If-None-Match", ifNoneMatch)
        }
        if endpoint.body != nil {
            headers.add("Content-Type", "application/json")
        }
        return HTTPRequest(method: endpoint.method, url: endpoint.url(relativeTo: baseURL), headers: headers,
                           body: endpoint.body)
    }

    /// The first acceptable response (2xx, or 304 to a conditional request), retrying as the policy
    /// allows; the last failure otherwise.
    private func send(_ request: HTTPRequest, acceptsNotModified: Bool) async throws(NetworkError) -> HTTPResponse {
        var retries = 0
        while true {
            var attempt = request
            /// Whether the deadline, not the request's own timeout, bounds this attempt.
            var deadlineBounds = false
            if let deadline = retryPolicy.deadline {
                let remaining = retryPolicy.uptime().duration(to: deadline.instant)
                guard remaining > .zero else {
                    log?("no \(retries == 0 ? "request" : "retry"): \(deadline.expired.detail)")
                    throw .transport(deadline.expired)
                }
                // A grant that spends a refresh token is not cut short: its answer must arrive.
                if !retryPolicy.finishesStartedAttempts, remaining < transport.options.totalTimeout {
                    attempt.timeout = remaining
                    deadlineBounds = true
                }
            }
            log?(RequestLog.request(attempt, attempt: retries + 1, userAgent: transport.userAgent))
            let failure: NetworkError
            let attemptStart = retryPolicy.uptime()
            do {
                let response = try await transport.perform(attempt)
                log?(RequestLog.response(response, to: attempt))
                observe?(RequestAttempt(method: attempt.method.rawValue, url: Redactor.url(attempt.url), attempt: retries + 1,
                                        status: response.status, failure: nil))
                if response.isSuccess || (response.status == 304 && acceptsNotModified) { return response }
                failure = HTTPErrorBody.error(from: response)
            } catch {
                log?(RequestLog.failure(error, of: attempt, after: attemptStart.duration(to: retryPolicy.uptime())))
                observe?(RequestAttempt(method: attempt.method.rawValue, url: Redactor.url(attempt.url), attempt: retries + 1,
                                        status: nil, failure: error.kindName))
                if error.kind == .cancelled { throw .transport(error) }
                // A timeout that the deadline, not the request's own limit, cut short says so
                // (libcurl's timer may fire a few milliseconds before the deadline by our clock).
                if error.kind == .timeout, let deadline = retryPolicy.deadline,
                   retryPolicy.uptime() >= deadline.instant - (deadlineBounds ? .milliseconds(100) : .zero) {
                    throw .transport(deadline.expired)
                }
                failure = .transport(error)
            }
            let decision = retryPolicy.decision(after: failure, method: request.method, retriesSoFar: retries)
            log?(RequestLog.decision(decision, retry: retries + 1, of: retryPolicy.maxRetries, after: failure))
            // A timed-out attempt that the time limit leaves no room to retry ends as the limit does
            // (which the user set), not as that attempt's own timeout.
            if case .outOfTime = decision, case .transport(let error) = failure, error.kind == .timeout,
               let deadline = retryPolicy.deadline {
                throw .transport(deadline.expired)
            }
            guard case .retry(let delay) = decision else { throw failure }
            do {
                try await retryPolicy.sleep(delay)
            } catch {
                throw .transport(.cancelled)
            }
            if Task.isCancelled { throw .transport(.cancelled) }
            retries += 1
        }
    }
}
