import CCurl
import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Terminal

/// Why a transfer produced no HTTP response. `reason` says it by a catalog key chosen here, where
/// the condition is known (libcurl's CURLcode, what the transfer measured, the limits it was
/// given); `detail` is the same in English for the request log: libcurl's own text, or ours. It
/// names hosts and ports, never a header value.
struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case dns
        case connect
        case tls
        /// The total, connect or stall timeout expired.
        case timeout
        /// The body (decoded) or its announced Content-Length exceeded the limit, in bytes.
        case tooLarge(limit: Int)
        /// The connection closed or reset mid-transfer, or the server sent nothing.
        case interrupted
        case tooManyRedirects
        /// What came back is not an HTTP response this client reads: HTTP/0.9 (no status line),
        /// a header line or a header section past the limits.
        case malformedResponse
        /// A redirect from https to http, or to a scheme other than http and https, refused.
        case insecureRedirect
        case cancelled
        /// The request itself cannot be sent (e.g. a header value with a line break).
        case invalidRequest
        /// Any other libcurl failure, by its CURLcode.
        case other(code: Int)
    }

    let kind: Kind
    /// What happened, as a key and its values (`Words.said` words it).
    let reason: Detail
    /// What happened in English, for the request log (`--verbose`).
    let detail: String

    init(kind: Kind, reason: Detail, detail: String) {
        self.kind = kind
        self.reason = reason
        self.detail = detail
    }

    static let cancelled = TransportError(kind: .cancelled, reason: Detail(.detailRequestCancelled), detail: "the request was cancelled")

    /// libcurl could not be set up (`CurlGlobal.failure`), or the network thread not started.
    static func cannotStart(_ text: String, code: CURLcode = CURLE_FAILED_INIT) -> TransportError {
        TransportError(kind: .other(code: Int(code.rawValue)),
                       reason: Detail(.detailCurlFailure, ["curl": .data(text), "reason": .detail(Detail(.detailNetCannotStart))]),
                       detail: text)
    }

    var description: String { detail }
}

extension TransportError {
    /// Why one of the transfer's callbacks stopped it.
    enum AbortReason: Hashable, Sendable {
        /// The decoded body passed the size limit.
        case tooLarge
        /// No byte moved for this long.
        case stalled(Duration)
        /// More header lines, or more header bytes, than one response may have.
        case tooManyHeaders(lines: Int, bytes: Int)
    }

    /// What the transfer knew when libcurl gave up: where it went, how far it got, the limits it
    /// was given. Read from the easy handle (`CurlTransfer.failureContext`), never from libcurl's text.
    struct Context: Hashable, Sendable {
        /// The host and port of the URL the failing hop asked for.
        var host = ""
        var port = ""
        /// The socket's errno (CURLINFO_OS_ERRNO), 0 when none.
        var osErrno = 0
        /// OpenSSL's certificate verify result (CURLINFO_SSL_VERIFYRESULT), 0 when it passed or none ran.
        var verifyResult = 0
        /// The status of the last response that came (CURLINFO_RESPONSE_CODE), 0 when none did.
        var status = 0
        /// Whether the host name was resolved, and the connection made (TCP, before TLS).
        var resolved = true
        var connected = true
        /// How long the transfer ran before it failed.
        var elapsed: Duration = .zero
        /// The connect, total and stall timeouts the transfer had.
        var connectTimeout: Duration = .zero
        var totalTimeout: Duration = .zero
        var stallTimeout: Duration = .zero
    }

    /// Classifies a failed transfer by its CURLcode and what the transfer knew (`context`).
    /// `errorText` is libcurl's CURLOPT_ERRORBUFFER (may be empty): only the log and English keep it.
    init(code: CURLcode, errorText: String, abortReason: AbortReason?, limit: Int, context: Context = Context()) {
        let reasonText = String(cString: report_curl_easy_strerror(code))
        let text = PrintableText.oneLine(errorText.isEmpty ? reasonText : errorText, maxLength: 240)
        /// libcurl's failure: its own text for English, `condition` for another language.
        func curl(_ kind: Kind, _ condition: Detail, text: String = text) -> TransportError {
            TransportError(kind: kind, reason: Detail(.detailCurlFailure, ["curl": .data(text), "reason": .detail(condition)]), detail: text)
        }
        let host: Detail.Value = .data(context.host), port: Detail.Value = .data(context.port)
        if code == CURLE_ABORTED_BY_CALLBACK, case .stalled(let duration)? = abortReason {
            let milliseconds = duration.wholeMilliseconds
            self.init(kind: .timeout, reason: Detail(.detailTransferStalled, ["milliseconds": .data("\(milliseconds)")]),
                      detail: "the transfer stalled: no data moved for \(milliseconds) ms")
            return
        }
        if case .tooManyHeaders(let lines, let bytes)? = abortReason {
            self.init(kind: .malformedResponse,
                      reason: Detail(.detailHeadersTooLarge, ["lines": .data("\(lines)"), "size": .data("\(bytes / 1024)")]),
                      detail: "the response's headers are larger than this client accepts (at most \(lines) lines and \(bytes / 1024) KiB)")
            return
        }
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL where !(300...399).contains(context.status):
            // No redirect came before this code: a response without a status line (libcurl's
            // "Received HTTP/0.9 when not allowed"). After a redirect it is the redirect's refusal (below).
            self.init(kind: .malformedResponse, reason: Detail(.detailHTTP09),
                      detail: "the service answered without an HTTP status line (an HTTP/0.9 response), which this client does not read")
        case CURLE_OUT_OF_MEMORY, CURLcode(rawValue: 100):
            // libcurl refuses a response header line past its limit (100 KB) with "out of memory"
            // (CURLE_TOO_LARGE, 100, from libcurl 8.6 on), and leaves its error buffer empty.
            self.init(kind: .malformedResponse, reason: Detail(.detailHeaderLineTooLarge),
                      detail: "the service sent a response header line larger than this client accepts (100 KB)")
        case CURLE_WRITE_ERROR where abortReason == .tooLarge, CURLE_FILESIZE_EXCEEDED:
            self.init(kind: .tooLarge(limit: limit), reason: Detail(.detailResponseTooLarge, ["limit": .data("\(limit)")]),
                      detail: "the response is larger than the limit of \(limit) bytes")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self = curl(.dns, Detail(.detailNetResolve, ["host": host]))
        case CURLE_COULDNT_CONNECT:
            self = curl(.connect, context.osErrno == Int(ECONNREFUSED)
                        ? Detail(.detailNetRefused, ["host": host, "port": port])
                        : Detail(.detailNetCouldNotConnect, ["host": host, "port": port, "code": .data(Self.errnoName(context.osErrno))]))
        case CURLE_OPERATION_TIMEDOUT:
            self = curl(.timeout, Self.timeout(context))
        case CURLE_PEER_FAILED_VERIFICATION:
            self = curl(.tls, Self.certificate(context))
        case CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE:
            self = curl(.tls, Detail(.detailNetCAFile))
        case CURLE_SSL_CONNECT_ERROR:
            self = curl(.tls, Detail(.detailNetTLSHandshake, ["host": host, "port": port]))
        case CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND,
             CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED,
             CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            self = curl(.tls, Detail(.networkTLS))
        case CURLE_GOT_NOTHING:
            self = curl(.interrupted, Detail(.detailNetEmptyReply, ["host": host, "port": port]))
        case CURLE_SEND_ERROR:
            self = curl(.interrupted, Detail(.detailNetSendFailed))
        case CURLE_RECV_ERROR:
            self = curl(.interrupted, Detail(.detailNetReceiveFailed))
        case CURLE_PARTIAL_FILE:
            self = curl(.interrupted, Detail(.detailNetCutShort))
        case CURLE_HTTP2, CURLE_HTTP2_STREAM:
            self = curl(.interrupted, Detail(.networkTransfer))
        case CURLE_UNSUPPORTED_PROTOCOL:
            // The request's own URL is always http or https: only a redirect can get here.
            self.init(kind: .insecureRedirect, reason: Detail(.detailInsecureRedirect, ["detail": .data(text)]),
                      detail: "refused to follow a redirect to a scheme that is not allowed: https redirects only to https, http to http or https (\(text))")
        case CURLE_TOO_MANY_REDIRECTS:
            self.init(kind: .tooManyRedirects, reason: Detail(.detailTooManyRedirects, ["detail": .data(text)]), detail: text)
        case CURLE_ABORTED_BY_CALLBACK:
            self = .cancelled
        default:
            self = curl(.other(code: Int(code.rawValue)), Detail(.networkTransfer), text: "\(text) (curl error \(code.rawValue))")
        }
    }

    /// A timeout by what the transfer had done: no address yet, no connection yet, or a request
    /// that ran out of its total time (or, well before it, hit libcurl's low-speed backstop: a stall).
    private static func timeout(_ context: Context) -> Detail {
        let connectLimit = min(context.connectTimeout, context.totalTimeout)
        if !context.resolved && !context.connected {
            return Detail(.detailNetResolveTimeout, ["host": .data(context.host),
                                                     "milliseconds": .data("\(connectLimit.wholeMilliseconds)")])
        }
        if !context.connected {
            return Detail(.detailNetConnectTimeout, ["host": .data(context.host), "port": .data(context.port),
                                                     "milliseconds": .data("\(connectLimit.wholeMilliseconds)")])
        }
        if context.totalTimeout > .zero, context.elapsed + .milliseconds(500) < context.totalTimeout {
            let stalled = context.stallTimeout > .zero ? context.stallTimeout : context.elapsed
            return Detail(.detailTransferStalled, ["milliseconds": .data("\(stalled.wholeMilliseconds)")])
        }
        return Detail(.detailNetTimeout, ["milliseconds": .data("\(context.totalTimeout.wholeMilliseconds)")])
    }

    /// A certificate that did not verify, by OpenSSL's verify result. libcurl records the result
    /// only once its own check of the host name has passed, and starts from 1 (`!X509_V_OK`): 1 or
    /// 0 with this code is that check failing (libcurl 7.88 and OpenSSL 3.0 give 1 for a
    /// certificate of another host: `TLSTests.aCertificateProblemIsSaidInKorean`).
    private static func certificate(_ context: Context) -> Detail {
        switch context.verifyResult {
        case 0, 1, 62: Detail(.detailNetCertNameMismatch, ["host": .data(context.host)])   // 62: X509_V_ERR_HOSTNAME_MISMATCH
        case 18: Detail(.detailNetCertSelfSigned)                                      // X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT
        case 19: Detail(.detailNetCertSelfSignedChain)                                 // X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN
        case 2, 20, 21: Detail(.detailNetCertUnknownIssuer)                            // …_UNABLE_TO_GET_ISSUER_CERT(_LOCALLY), …_VERIFY_LEAF_SIGNATURE
        case 10: Detail(.detailNetCertExpired)                                         // X509_V_ERR_CERT_HAS_EXPIRED
        case 9: Detail(.detailNetCertNotYetValid)                                      // X509_V_ERR_CERT_NOT_YET_VALID
        default: Detail(.detailNetCertUnverified, ["code": .data("\(context.verifyResult)")])
        }
    }

    /// A socket error's symbolic name (`ENETUNREACH`): a code, the same in every language.
    static func errnoName(_ code: Int) -> String {
        switch Int32(code) {
        case ECONNREFUSED: "ECONNREFUSED"
        case ENETUNREACH: "ENETUNREACH"
        case EHOSTUNREACH: "EHOSTUNREACH"
        case ENETDOWN: "ENETDOWN"
        case EHOSTDOWN: "EHOSTDOWN"
        case ETIMEDOUT: "ETIMEDOUT"
        case ECONNRESET: "ECONNRESET"
        case EADDRNOTAVAIL: "EADDRNOTAVAIL"
        case EAFNOSUPPORT: "EAFNOSUPPORT"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case 0: "errno 0"
        default: "errno \(code)"
        }
    }
}
