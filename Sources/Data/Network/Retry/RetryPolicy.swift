import Domain
import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When to repeat a failed request and how long to wait first: idempotent requests only, on
/// failures that a later attempt may not meet (connect, timeout, broken transfer, 408, 429, 5xx
/// except 501 and 505+), with exponential backoff and full jitter, honouring `Retry-After`, within
/// an overall deadline.
struct RetryPolicy: Sendable {
    /// What to do after a failed attempt.
    enum Decision: Hashable, Sendable {
        case retry(after: Duration)
        /// `reason` says why not, for the log.
        case giveUp(reason: String)
        /// It would retry, but the deadline (`--max-time`) leaves no time to: the limit, not the
        /// failure, is what ends the request.
        case outOfTime(reason: String)
    }

    var maxRetries = 3
    var baseDelay: Duration = .milliseconds(200)
    var maxDelay: Duration = .seconds(5)
    /// A `Retry-After` longer than this is not waited out: the failure goes to the caller at once.
    var maxRetryAfter: Duration = .seconds(30)
    /// When every attempt and wait must be over (`--max-time`, shared by all the command's
    /// requests); nil for no limit.
    var deadline: Deadline?
    /// With a deadline: whether an attempt started before it may run past it (bounded by the
    /// request timeout alone). True for the refresh grant, whose answer is a rotated token pair.
    var finishesStartedAttempts = false
    /// A uniform random number in 0..<1, for the jitter.
    var random: @Sendable () -> Double = { Double.random(in: 0..<1) }
    var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// Monotonic time, for the deadline.
    var uptime: @Sendable () -> ContinuousClock.Instant = { .now }
    /// Wall-clock time, for `Retry-After` dates.
    var now: @Sendable () -> Date = { .now }

    init() {}

    /// `deadline` counts from now.
    init(maxRetries: Int, deadline: Duration? = nil) {
        self.maxRetries = maxRetries
        self.deadline = deadline.map { Deadline(limit: $0, startingAt: .now) }
    }

    /// Never retries (still honours `deadline`).
    static var never: RetryPolicy { RetryPolicy(maxRetries: 0) }

    /// What to do after `error` ended attempt `retriesSoFar + 1` of a `method` request.
    func decision(after error: NetworkError, method: HTTPMethod, retriesSoFar: Int) -> Decision {
        guard method.isIdempotent else {
            return .giveUp(reason: "\(method.rawValue) is never retried")
        }
        guard let reason = Self.transientReason(error) else {
            return .giveUp(reason: "not retried: \(Self.summary(error))")
        }
        guard retriesSoFar < maxRetries else {
            return .giveUp(reason: "giving up after \(retriesSoFar) \(retriesSoFar == 1 ? "retry" : "retries"): \(reason)")
        }
        let delay: Duration
        if case .http(_, _, _, let retryAfter?) = error {
            delay = retryAfter.delay(now: now())
            guard delay <= maxRetryAfter else {
                return .giveUp(reason: "\(reason) asks to wait \(Self.format(delay)), longer than \(Self.format(maxRetryAfter))")
            }
        } else {
            delay = backoff(retriesSoFar)
        }
        if let deadline, uptime() + delay >= deadline.instant {
            return .outOfTime(reason: "\(reason), and the \(Self.format(deadline.limit)) time limit leaves no time to retry")
        }
        return .retry(after: delay)
    }

    /// Full jitter: uniform in 0...min(maxDelay, baseDelay × 2^retriesSoFar).
    func backoff(_ retriesSoFar: Int) -> Duration {
        let exponent = min(max(retriesSoFar, 0), 30)
        let ceiling = min(maxDelay, baseDelay * (1 << exponent))
        return ceiling * min(max(random(), 0), 1)
    }

    /// A short name for a failure worth retrying; nil when a retry cannot help.
    private static func transientReason(_ error: NetworkError) -> String? {
        switch error {
        case .transport(let transport):
            switch transport.kind {
            case .connect, .timeout, .interrupted: summary(error)
            case .dns, .tls, .tooLarge, .malformedResponse, .tooManyRedirects, .insecureRedirect, .cancelled, .invalidRequest,
                 .other: nil
            }
        case .http(let status, _, _, _):
            [408, 429, 500, 502, 503, 504].contains(status) ? summary(error) : nil
        case .decoding:
            nil
        }
    }

    static func summary(_ error: NetworkError) -> String {
        switch error {
        case .transport(let transport): "\(transport.kindName): \(transport.detail)"
        case .http(let status, let code, _, _): "HTTP \(status)\(code.map { " \($0)" } ?? "")"
        case .decoding: "unreadable response"
        }
    }

    static func format(_ duration: Duration) -> String {
        let millis = duration.wholeMilliseconds
        return millis < 1000 || millis % 1000 != 0 ? "\(millis) ms" : "\(millis / 1000) s"
    }
}

extension RetryPolicy {
}

extension Deadline {
    /// The failure of a request that the deadline (`--max-time`) stopped.
    var expired: TransportError {
        TransportError(kind: .timeout, reason: Detail(.detailTimeLimitPassed, ["limit": .data(RetryPolicy.format(limit))]),
                       detail: "the \(RetryPolicy.format(limit)) time limit passed")
    }
}

extension TransportError {
    /// `connect`, `timeout`, … for logs.
    var kindName: String {
        switch kind {
        case .dns: "dns"
        case .connect: "connect"
        case .tls: "tls"
        case .timeout: "timeout"
        case .tooLarge: "too large"
        case .malformedResponse: "malformed response"
        case .interrupted: "interrupted"
        case .tooManyRedirects: "too many redirects"
        case .insecureRedirect: "insecure redirect"
        case .cancelled: "cancelled"
        case .invalidRequest: "invalid request"
        case .other(let code): "curl error \(code)"
        }
    }
}
