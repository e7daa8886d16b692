import Foundation
import TestSupport
import Testing

/// One row of the fault matrix: what goes wrong, and what `report fetch --term 1001` must do about it.
struct FaultScenario: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable, Equatable {
        /// Exit 0 with the whole report: a retry (or refresh) could honestly succeed, and did.
        case recovered
        /// The documented exit code, and the `code` of the `--json` error object.
        case fails(status: Int32, code: String)
    }

    enum Credentials: Sendable {
        /// `credentials.json` as `report auth login` writes it: an access token far from expiring
        /// and a refresh token.
        case stored
        /// Stored, but the access token has expired: the first thing `report` does is refresh it.
        case storedExpired
        /// `REPORT_TOKEN`: used as is, never refreshed.
        case environment
    }

    let name: String
    /// nil: nothing listens at the base URL (connection refused).
    let fault: Fault?
    let outcome: Outcome
    /// Requests the fault's target (the report endpoint unless the fault says otherwise) saw in
    /// one run; nil when there is no server to count them.
    let targetRequests: Int?
    /// `POST /v1/auth/token` requests in one run.
    var tokenRequests = 0
    var credentials = Credentials.stored
    /// What `GET /v1/service/status` says.
    var maintenance = false
    /// The least a run can take: proves a `Retry-After` was waited out (a lower bound only, so a
    /// loaded machine cannot make it fail).
    var minimumDuration: Duration?
    /// Arguments after `fetch --term 1001`, e.g. short timeouts for the stall scenarios.
    var arguments: [String] = []
    /// Attempts beyond `targetRequests` that a loaded machine may cause: a recovering attempt after
    /// a stall can itself be slower than the short timeout.
    var extraAttemptsUnderLoad = 0
    /// Words the one stderr line of a failure must contain, when a scenario checks its message.
    var message: String?

    var testDescription: String { name }

    var fails: Bool { outcome != .recovered }
}

extension FaultScenario {
    /// Retries of an idempotent request, by default.
    static let defaultRetries = 3
    /// Every attempt of a request that is retried until the retries run out.
    static let allAttempts = 1 + defaultRetries
    /// Stall scenarios give up after a second without a byte, so the matrix stays quick.
    static let shortTimeouts = ["--stall-timeout", "1s"]

    private static let json = "application/json"

    static let all: [FaultScenario] = recovered + serverErrors + authentication + clientErrors + network
        + invalidResponses + headerPathologies + redirects

    /// Transient faults that a retry can get past: the first attempt fails, the second succeeds.
    static let recovered: [FaultScenario] = [
        FaultScenario(name: "500 once, then the report", fault: .once(.status(500, code: "internal")),
                      outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "502 once, then the report", fault: .once(.status(502, code: "bad_gateway")),
                      outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "504 once, then the report", fault: .once(.status(504, code: "gateway_timeout")),
                      outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "408 once, then the report", fault: .once(.status(408, code: "request_timeout")),
                      outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "503 + Retry-After: 1 once, then the report",
                      fault: .once(.status(503, code: "unavailable", retryAfter: .seconds(1))),
                      outcome: .recovered, targetRequests: 2, minimumDuration: .milliseconds(900)),
        FaultScenario(name: "429 + Retry-After: 1 (seconds) once, then the report",
                      fault: .once(.status(429, code: "rate_limited", retryAfter: .seconds(1))),
                      outcome: .recovered, targetRequests: 2, minimumDuration: .milliseconds(900)),
        // HTTP-dates have a resolution of one second: two seconds ahead is a wait of 1–2 s.
        FaultScenario(name: "429 + Retry-After: HTTP-date once, then the report",
                      fault: .once(.status(429, code: "rate_limited", retryAfter: .dateIn(seconds: 2))),
                      outcome: .recovered, targetRequests: 2, minimumDuration: .milliseconds(900)),
        FaultScenario(name: "connection reset mid-body once, then the report", fault: .once(.resetMidBody),
                      outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "body shorter than its Content-Length once, then the report", fault: .once(.shortBody),
                      outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "connection closed without a response once, then the report",
                      fault: .once(.closeWithoutResponse), outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "slow headers once, then the report", fault: .once(.slowHeaders),
                      outcome: .recovered, targetRequests: 2, arguments: shortTimeouts,
                      extraAttemptsUnderLoad: defaultRetries - 1),
        FaultScenario(name: "a body that stalls once, then the report", fault: .once(.stalledBody),
                      outcome: .recovered, targetRequests: 2, arguments: shortTimeouts,
                      extraAttemptsUnderLoad: defaultRetries - 1),
    ]

    static let serverErrors: [FaultScenario] = [
        // The interview (the title) is asked for beside the report: its failure fails the command too.
        FaultScenario(name: "500 forever on the interview", fault: .always(.status(500, code: "internal"), on: .interview),
                      outcome: .fails(status: 3, code: "server_error"), targetRequests: allAttempts),
        FaultScenario(name: "500 once on the interview, then the report", fault: .once(.status(500, code: "internal"), on: .interview),
                      outcome: .recovered, targetRequests: 2),
        FaultScenario(name: "malformed JSON for the interview",
                      fault: .always(.response(status: 200, contentType: json, body: Array(#"{"termNo": 10"#.utf8)), on: .interview),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "500 forever", fault: .always(.status(500, code: "internal")),
                      outcome: .fails(status: 3, code: "server_error"), targetRequests: allAttempts),
        FaultScenario(name: "502 forever", fault: .always(.status(502, code: "bad_gateway")),
                      outcome: .fails(status: 3, code: "server_error"), targetRequests: allAttempts),
        FaultScenario(name: "503 forever, the status endpoint says maintenance",
                      fault: .always(.status(503, code: "maintenance", retryAfter: .seconds(1))),
                      outcome: .fails(status: 69, code: "maintenance"), targetRequests: allAttempts, maintenance: true),
        FaultScenario(name: "503 forever, the status endpoint says OK",
                      fault: .always(.status(503, code: "unavailable")),
                      outcome: .fails(status: 69, code: "unavailable"), targetRequests: allAttempts),
        FaultScenario(name: "429 + Retry-After: 1 forever",
                      fault: .always(.status(429, code: "rate_limited", retryAfter: .seconds(1))),
                      outcome: .fails(status: 69, code: "unavailable"), targetRequests: allAttempts),
        // Longer than the 30 s cap: not waited out, and not retried.
        FaultScenario(name: "429 + Retry-After: 120, past the cap",
                      fault: .always(.status(429, code: "rate_limited", retryAfter: .seconds(120))),
                      outcome: .fails(status: 69, code: "unavailable"), targetRequests: 1),
    ]

    static let authentication: [FaultScenario] = [
        FaultScenario(name: "401, then success after a refresh", fault: .once(.status(401, code: "token_expired")),
                      outcome: .recovered, targetRequests: 2, tokenRequests: 1),
        FaultScenario(name: "401 forever, stored credentials", fault: .always(.status(401, code: "invalid_token")),
                      outcome: .fails(status: 4, code: "unauthorized"), targetRequests: 2, tokenRequests: 1),
        FaultScenario(name: "401 forever, REPORT_TOKEN", fault: .always(.status(401, code: "invalid_token")),
                      outcome: .fails(status: 4, code: "unauthorized"), targetRequests: 1, credentials: .environment),
        // The refresh is a POST that spends the refresh token: never repeated, whatever the failure.
        FaultScenario(name: "the refresh answered 500", fault: .always(.status(500, code: "internal"), on: .token),
                      outcome: .fails(status: 3, code: "server_error"), targetRequests: 1, tokenRequests: 1,
                      credentials: .storedExpired),
        FaultScenario(name: "the refresh answered 503", fault: .always(.status(503, code: "unavailable"), on: .token),
                      outcome: .fails(status: 69, code: "unavailable"), targetRequests: 1, tokenRequests: 1,
                      credentials: .storedExpired),
        FaultScenario(name: "the refresh's connection reset", fault: .always(.resetMidBody, on: .token),
                      outcome: .fails(status: 68, code: "network"), targetRequests: 1, tokenRequests: 1,
                      credentials: .storedExpired),
        // A POST with a body follows no redirect: the refresh token never reaches the Location.
        FaultScenario(name: "the refresh answered with a redirect to another origin",
                      fault: .always(.redirectToOtherOrigin, on: .token),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1, tokenRequests: 1,
                      credentials: .storedExpired, message: "redirect (HTTP 302) that was not followed"),
    ]

    /// Other 4xx: never retried.
    static let clientErrors: [FaultScenario] = [
        FaultScenario(name: "400", fault: .always(.status(400, code: "bad_request")),
                      outcome: .fails(status: 64, code: "bad_request"), targetRequests: 1),
        FaultScenario(name: "403", fault: .always(.status(403, code: "forbidden")),
                      outcome: .fails(status: 77, code: "forbidden"), targetRequests: 1),
        FaultScenario(name: "404", fault: .always(.status(404, code: "not_found")),
                      outcome: .fails(status: 66, code: "not_found"), targetRequests: 1),
        FaultScenario(name: "422", fault: .always(.status(422, code: "unprocessable")),
                      outcome: .fails(status: 64, code: "bad_request"), targetRequests: 1),
    ]

    static let network: [FaultScenario] = [
        FaultScenario(name: "connection refused", fault: nil,
                      outcome: .fails(status: 68, code: "network"), targetRequests: nil, credentials: .environment),
        FaultScenario(name: "connection reset mid-body forever", fault: .always(.resetMidBody),
                      outcome: .fails(status: 68, code: "network"), targetRequests: allAttempts),
        FaultScenario(name: "body shorter than its Content-Length forever", fault: .always(.shortBody),
                      outcome: .fails(status: 68, code: "network"), targetRequests: allAttempts),
        FaultScenario(name: "slow headers forever", fault: .always(.slowHeaders),
                      outcome: .fails(status: 68, code: "network"), targetRequests: allAttempts, arguments: shortTimeouts),
        FaultScenario(name: "a body that stalls forever", fault: .always(.stalledBody),
                      outcome: .fails(status: 68, code: "network"), targetRequests: allAttempts, arguments: shortTimeouts),
        // Never a stall, always too slow: `--timeout` ends each attempt; `--retries 1` keeps it short.
        FaultScenario(name: "a body that trickles past --timeout", fault: .always(.trickle),
                      outcome: .fails(status: 68, code: "network"), targetRequests: 2,
                      arguments: ["--timeout", "1500ms", "--retries", "1"]),
    ]

    static let invalidResponses: [FaultScenario] = [
        FaultScenario(name: "malformed JSON", fault: .always(.response(status: 200, contentType: json,
                                                                        body: Array(#"{"result": {"tips": {"summ"#.utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "valid JSON of the wrong shape: an array",
                      fault: .always(.response(status: 200, contentType: json, body: Array("[1, 2, 3]".utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "valid JSON of the wrong shape: no result",
                      fault: .always(.response(status: 200, contentType: json,
                                               body: Array(#"{"data": {"report": {"keyword": ["a"]}}}"#.utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "valid JSON of the wrong shape: wrong types",
                      fault: .always(.response(status: 200, contentType: json,
                                               body: Array(#"{"result": {"tips": {"summary": 1, "items": "none"}}}"#.utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "an HTML error page with 200",
                      fault: .always(.response(status: 200, contentType: "text/html", body: Array(
                          "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>".utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "an empty 200", fault: .always(.response(status: 200, contentType: json, body: [])),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "a huge body (9 MiB, with Content-Length)",
                      fault: .always(.response(status: 200, contentType: json,
                                               body: [UInt8](repeating: UInt8(ascii: " "), count: 9 << 20))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        FaultScenario(name: "a huge body (9 MiB, read to the close)", fault: .always(.endlessBody(bytes: 9 << 20)),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
        // About 50 KB on the wire, 10 MB inflated: past the 8 MiB cap.
        FaultScenario(name: "a gzip body that inflates past the cap",
                      fault: .always(.response(status: 200, contentType: json, body: Gzip.bomb(matches: 40_000),
                                               headers: [("Content-Encoding", "gzip")])),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1),
    ]

    /// A 200 whose header section is not one `report` reads: each is one attempt and exit 76, with a
    /// message that says what was wrong with the headers (not "out of memory", not a redirect).
    static let headerPathologies: [FaultScenario] = [
        FaultScenario(name: "one response header of 200 KB",
                      fault: .always(.raw(Array(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Big: "
                                                 + String(repeating: "a", count: 200_000) + "\r\nContent-Length: 2\r\n\r\n{}").utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1,
                      message: "header line larger than this client accepts"),
        FaultScenario(name: "5,000 response headers",
                      fault: .always(.raw(Array(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                                 + (0..<5_000).map { "X-Header-\($0): value\r\n" }.joined()
                                                 + "Content-Length: 2\r\n\r\n{}").utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1,
                      message: "headers are larger than this client accepts"),
        FaultScenario(name: "an HTTP/0.9 response (a body without a status line)",
                      fault: .always(.raw(Array(#"{"result": null}"#.utf8))),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 1,
                      message: "without an HTTP status line"),
    ]

    static let redirects: [FaultScenario] = [
        // The first request and five redirects; the sixth is not followed.
        FaultScenario(name: "a redirect loop", fault: .always(.redirectLoop),
                      outcome: .fails(status: 76, code: "invalid_response"), targetRequests: 6),
        // The other origin serves the report to anyone; what matters is that it got no token.
        FaultScenario(name: "a redirect to another origin", fault: .always(.redirectToOtherOrigin),
                      outcome: .recovered, targetRequests: 1),
    ]
}
