import CCurl
@testable import Data
import Domain
import Foundation
import Testing

@Suite("NetworkError → ReportError")
struct ErrorMappingTests {
    private let termNo = TermNumber(1001)!
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func http(_ status: Int, _ code: String? = nil, _ message: String = "msg",
                      retryAfter: RetryAfter? = nil) -> NetworkError {
        .http(status: status, code: code, message: message, retryAfter: retryAfter)
    }

    @Test func statusTable() {
        #expect(http(401, "token_expired").toDomain() == .unauthorized(Detail(.detailCredentialsRejected, ["detail": .data("msg (HTTP 401 token_expired)")])))
        #expect(http(403, "forbidden").toDomain(termNo: termNo) == .forbidden(Detail(.detailForbiddenInterview, ["term": .data("1001"), "detail": .data("msg (HTTP 403 forbidden)")])))
        #expect(http(404, "not_found").toDomain(termNo: termNo) == .notFound(Detail(.detailInterviewNotFound, ["term": .data("1001"), "detail": .data("msg (HTTP 404 not_found)")])))
        #expect(http(404).toDomain() == .notFound(Detail(.detailResourceNotFound, ["detail": .data("msg (HTTP 404)")])))
        #expect(http(410).toDomain(termNo: termNo) == .notFound(Detail(.detailInterviewNotFound, ["term": .data("1001"), "detail": .data("msg (HTTP 410)")])))
        #expect(http(400, "bad_request").toDomain() == .badRequest(Detail(.detailRequestRejected, ["detail": .data("msg (HTTP 400 bad_request)")])))
        #expect(http(422).toDomain() == .badRequest(Detail(.detailRequestRejected, ["detail": .data("msg (HTTP 422)")])))
        #expect(http(408).toDomain() == .network(NetworkFailure(kind: .timeout, detail: "the service timed out waiting for the request: msg (HTTP 408)")))
        #expect(http(500, "internal").toDomain() == .server(status: 500, message: "msg (internal)"))
        #expect(http(502).toDomain() == .server(status: 502, message: "msg"))
        #expect(http(504).toDomain() == .server(status: 504, message: "msg"))
        #expect(http(307).toDomain() == .invalidResponse(Detail(.detailRedirectNotFollowed, ["status": .data("307"), "detail": .data("msg")])))
        #expect(http(304, nil, "Not Modified").toDomain() == .invalidResponse(Detail(.detailNotModified)))
        #expect(http(101).toDomain() == .invalidResponse(Detail(.detailUnexpectedStatus, ["detail": .data("msg (HTTP 101)")])))
    }

    @Test func outages() {
        #expect(http(503, "maintenance", "back soon", retryAfter: .seconds(60)).toDomain(now: now)
            == .unavailable(ServiceOutage(message: "back soon", until: "2027-01-15T08:01:00Z", isMaintenance: true)))
        #expect(http(503, "overloaded", "busy").toDomain(now: now)
            == .unavailable(ServiceOutage(message: "busy", until: nil, isMaintenance: false)))
        #expect(http(429, "rate_limited", "slow down", retryAfter: .date(HTTPDate(secondsSince1970: 1_800_000_100))).toDomain(now: now)
            == .unavailable(ServiceOutage(message: "slow down", until: "2027-01-15T08:01:40Z", isMaintenance: false)))
    }

    @Test func transportTable() {
        func transport(_ kind: TransportError.Kind) -> ReportError {
            NetworkError.transport(TransportError(kind: kind, detail: "d")).toDomain()
        }
        #expect(transport(.dns) == .network(NetworkFailure(kind: .dns, detail: "d")))
        #expect(transport(.connect) == .network(NetworkFailure(kind: .connect, detail: "d")))
        #expect(transport(.tls) == .network(NetworkFailure(kind: .tls, detail: "d")))
        #expect(transport(.timeout) == .network(NetworkFailure(kind: .timeout, detail: "d")))
        #expect(transport(.interrupted) == .network(NetworkFailure(kind: .transfer, detail: "d")))
        #expect(transport(.other(code: 8)) == .network(NetworkFailure(kind: .transfer, detail: "d")))
        #expect(transport(.tooManyRedirects) == .invalidResponse(Detail(.detailTooManyRedirects, ["detail": .worded("d")])))
        #expect(transport(.tooLarge(limit: 10)) == .invalidResponse(Detail(.detailTransportResponse, ["detail": .worded("d")])))
        #expect(transport(.invalidRequest) == .invalidRequest(Detail(.detailTransportRequest, ["detail": .worded("d")])))
        #expect(transport(.cancelled) == .cancelled)
        #expect(NetworkError.decoding("missing key 'x'").toDomain()
            == .invalidResponse(Detail(.detailUnreadableResponse, ["detail": .worded("missing key 'x'")])))
    }

    @Test func curlCodesAreClassified() {
        func kind(_ code: CURLcode, abort: TransportError.AbortReason? = nil) -> TransportError.Kind {
            TransportError(code: code, errorText: "", abortReason: abort, limit: 5).kind
        }
        #expect(kind(CURLE_COULDNT_RESOLVE_HOST) == .dns)
        #expect(kind(CURLE_COULDNT_CONNECT) == .connect)
        #expect(kind(CURLE_OPERATION_TIMEDOUT) == .timeout)
        #expect(kind(CURLE_PEER_FAILED_VERIFICATION) == .tls)
        #expect(kind(CURLE_SSL_CONNECT_ERROR) == .tls)
        #expect(kind(CURLE_PARTIAL_FILE) == .interrupted)
        #expect(kind(CURLE_GOT_NOTHING) == .interrupted)
        #expect(kind(CURLE_TOO_MANY_REDIRECTS) == .tooManyRedirects)
        #expect(kind(CURLE_UNSUPPORTED_PROTOCOL) == .insecureRedirect)
        #expect(kind(CURLE_WRITE_ERROR, abort: .tooLarge) == .tooLarge(limit: 5))
        #expect(kind(CURLE_FILESIZE_EXCEEDED) == .tooLarge(limit: 5))
        #expect(kind(CURLE_ABORTED_BY_CALLBACK, abort: .stalled(.seconds(1))) == .timeout)
        #expect(kind(CURLE_WRITE_ERROR) == .other(code: 23))
    }

    @Test func messagesAreOneLine() {
        let errors: [NetworkError] = [
            http(404, "not_found"), http(503, "maintenance"), .decoding("x"),
            .transport(TransportError(kind: .connect, detail: "refused")),
        ]
        for error in errors {
            #expect(!"\(error.toDomain(termNo: termNo))".contains("\n"))
        }
    }
}
