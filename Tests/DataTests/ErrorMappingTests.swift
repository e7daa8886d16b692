import CCurl
@testable import Data
import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif
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
        #expect(http(408).toDomain() == .network(NetworkFailure(kind: .timeout, reason: Detail(.detailServiceTimedOut, ["detail": .data("msg (HTTP 408)")]))))
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
        let reason = Detail(.detailNetEmptyReply, ["host": .data("h"), "port": .data("1")])
        func transport(_ kind: TransportError.Kind) -> ReportError {
            NetworkError.transport(TransportError(kind: kind, reason: reason, detail: "d")).toDomain()
        }
        #expect(transport(.dns) == .network(NetworkFailure(kind: .dns, reason: reason)))
        #expect(transport(.connect) == .network(NetworkFailure(kind: .connect, reason: reason)))
        #expect(transport(.tls) == .network(NetworkFailure(kind: .tls, reason: reason)))
        #expect(transport(.timeout) == .network(NetworkFailure(kind: .timeout, reason: reason)))
        #expect(transport(.interrupted) == .network(NetworkFailure(kind: .transfer, reason: reason)))
        #expect(transport(.other(code: 8)) == .network(NetworkFailure(kind: .transfer, reason: reason)))
        #expect(transport(.insecureRedirect) == .network(NetworkFailure(kind: .tls, reason: reason)))
        #expect(transport(.tooManyRedirects) == .invalidResponse(reason))
        #expect(transport(.tooLarge(limit: 10)) == .invalidResponse(reason))
        #expect(transport(.malformedResponse) == .invalidResponse(reason))
        #expect(transport(.invalidRequest) == .invalidRequest(reason))
        #expect(transport(.cancelled) == .cancelled)
        let missing = Detail(.detailJSONMissingKey, ["key": .data("x")])
        #expect(NetworkError.decoding(missing).toDomain() == .invalidResponse(Detail(.detailUnreadableResponse, ["detail": .detail(missing)])))
    }

    /// libcurl's failure by its CURLcode and what the transfer measured: the reason a person
    /// reads never depends on libcurl's text, which English alone keeps (`curl`).
    @Test func curlFailuresAreSaidByTheirCondition() {
        func reason(_ code: CURLcode, _ text: String = "libcurl's words", abort: TransportError.AbortReason? = nil,
                    _ change: (inout TransportError.Context) -> Void = { _ in }) -> Detail? {
            var context = TransportError.Context(host: "h", port: "8443", connectTimeout: .seconds(10), totalTimeout: .seconds(30),
                                                 stallTimeout: .seconds(15))
            change(&context)
            let error = TransportError(code: code, errorText: text, abortReason: abort, limit: 5, context: context)
            guard error.reason.key == .detailCurlFailure else { return error.reason }
            // English: libcurl's own text (with the code when the condition is not one named here).
            guard case .data(let english)? = error.reason.values["curl"] else { return nil }
            #expect(english.hasPrefix(text))
            guard case .detail(let inner)? = error.reason.values["reason"] else { return nil }
            return inner
        }
        let host: Detail.Value = .data("h"), port: Detail.Value = .data("8443")
        // A text the old matcher never knew: the condition is the code's and the socket's errno.
        #expect(reason(CURLE_COULDNT_CONNECT, "Failed to connect to h port 8443 after 0 ms: Network is down") { $0.osErrno = Int(ENETDOWN) }
                == Detail(.detailNetCouldNotConnect, ["host": host, "port": port, "code": .data("ENETDOWN")]))
        #expect(reason(CURLE_COULDNT_CONNECT) { $0.osErrno = Int(ECONNREFUSED) } == Detail(.detailNetRefused, ["host": host, "port": port]))
        #expect(reason(CURLE_COULDNT_RESOLVE_HOST) == Detail(.detailNetResolve, ["host": host]))
        #expect(reason(CURLE_OPERATION_TIMEDOUT) { $0.resolved = false; $0.connected = false }
                == Detail(.detailNetResolveTimeout, ["host": host, "milliseconds": .data("10000")]))
        #expect(reason(CURLE_OPERATION_TIMEDOUT) { $0.connected = false; $0.totalTimeout = .seconds(2) }
                == Detail(.detailNetConnectTimeout, ["host": host, "port": port, "milliseconds": .data("2000")]))
        #expect(reason(CURLE_OPERATION_TIMEDOUT) { $0.elapsed = .milliseconds(30_002) }
                == Detail(.detailNetTimeout, ["milliseconds": .data("30000")]))
        // libcurl's low-speed backstop, long before the total timeout: a stall.
        #expect(reason(CURLE_OPERATION_TIMEDOUT) { $0.elapsed = .seconds(16) }
                == Detail(.detailTransferStalled, ["milliseconds": .data("15000")]))
        #expect(reason(CURLE_GOT_NOTHING) == Detail(.detailNetEmptyReply, ["host": host, "port": port]))
        #expect(reason(CURLE_SEND_ERROR) == Detail(.detailNetSendFailed))
        #expect(reason(CURLE_RECV_ERROR) == Detail(.detailNetReceiveFailed))
        #expect(reason(CURLE_PARTIAL_FILE) == Detail(.detailNetCutShort))
        #expect(reason(CURLE_SSL_CONNECT_ERROR) == Detail(.detailNetTLSHandshake, ["host": host, "port": port]))
        #expect(reason(CURLE_SSL_CACERT_BADFILE) == Detail(.detailNetCAFile))
        // A certificate by OpenSSL's verify result; none with this code: libcurl's host name check.
        let certificates: [(Int, Detail)] = [
            (18, Detail(.detailNetCertSelfSigned)), (19, Detail(.detailNetCertSelfSignedChain)),
            (20, Detail(.detailNetCertUnknownIssuer)), (2, Detail(.detailNetCertUnknownIssuer)),
            (10, Detail(.detailNetCertExpired)), (9, Detail(.detailNetCertNotYetValid)),
            (62, Detail(.detailNetCertNameMismatch, ["host": host])), (0, Detail(.detailNetCertNameMismatch, ["host": host])),
            (1, Detail(.detailNetCertNameMismatch, ["host": host])),
            (24, Detail(.detailNetCertUnverified, ["code": .data("24")])),
        ]
        for (result, expected) in certificates {
            #expect(reason(CURLE_PEER_FAILED_VERIFICATION) { $0.verifyResult = result } == expected, "verify result \(result)")
        }
        #expect(reason(CURLE_SSL_CIPHER) == Detail(.networkTLS))
        #expect(reason(CURLE_WRITE_ERROR) == Detail(.networkTransfer))
        // The transport's own conditions: a key with its values, no libcurl text.
        #expect(reason(CURLE_ABORTED_BY_CALLBACK, abort: .stalled(.seconds(15))) == Detail(.detailTransferStalled, ["milliseconds": .data("15000")]))
        #expect(reason(CURLE_ABORTED_BY_CALLBACK, abort: .tooManyHeaders(lines: 500, bytes: 262_144))
                == Detail(.detailHeadersTooLarge, ["lines": .data("500"), "size": .data("256")]))
        #expect(reason(CURLE_FILESIZE_EXCEEDED) == Detail(.detailResponseTooLarge, ["limit": .data("5")]))
        #expect(reason(CURLE_OUT_OF_MEMORY) == Detail(.detailHeaderLineTooLarge))
        #expect(reason(CURLE_UNSUPPORTED_PROTOCOL, "Received HTTP/0.9 when not allowed") == Detail(.detailHTTP09))
        #expect(reason(CURLE_UNSUPPORTED_PROTOCOL, "Protocol \"ftp\" not supported") { $0.status = 302 }
                == Detail(.detailInsecureRedirect, ["detail": .data("Protocol \"ftp\" not supported")]))
        #expect(reason(CURLE_TOO_MANY_REDIRECTS, "Maximum (5) redirects followed")
                == Detail(.detailTooManyRedirects, ["detail": .data("Maximum (5) redirects followed")]))
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
        #expect(kind(CURLE_UNSUPPORTED_PROTOCOL) == .malformedResponse)
        #expect(kind(CURLE_WRITE_ERROR, abort: .tooLarge) == .tooLarge(limit: 5))
        #expect(kind(CURLE_FILESIZE_EXCEEDED) == .tooLarge(limit: 5))
        #expect(kind(CURLE_ABORTED_BY_CALLBACK, abort: .stalled(.seconds(1))) == .timeout)
        #expect(kind(CURLE_WRITE_ERROR) == .other(code: 23))
    }

    @Test func messagesAreOneLine() {
        let errors: [NetworkError] = [
            http(404, "not_found"), http(503, "maintenance"), .decoding(Detail(.detailJSONNotJSON)),
            .transport(TransportError(kind: .connect, reason: Detail(.detailNetRefused, ["host": .data("h"), "port": .data("1")]), detail: "refused")),
        ]
        for error in errors {
            #expect(!"\(error.toDomain(termNo: termNo))".contains("\n"))
        }
    }
}
