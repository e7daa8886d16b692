import CCurl
import Terminal

/// Why a transfer produced no HTTP response. `detail` is one printable line; it names hosts and
/// ports as libcurl reports them, never a header value.
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
    let detail: String

    init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    static let cancelled = TransportError(kind: .cancelled, detail: "the request was cancelled")

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

    /// Classifies a failed transfer. `errorText` is libcurl's CURLOPT_ERRORBUFFER (may be empty).
    init(code: CURLcode, errorText: String, abortReason: AbortReason?, limit: Int) {
        let reason = String(cString: report_curl_easy_strerror(code))
        let text = errorText.isEmpty ? reason : errorText
        let detail = PrintableText.oneLine(text, maxLength: 240)
        if code == CURLE_ABORTED_BY_CALLBACK, case .stalled(let duration)? = abortReason {
            self.init(kind: .timeout, detail: "the transfer stalled: no data moved for \(duration.wholeMilliseconds) ms")
            return
        }
        if case .tooManyHeaders(let lines, let bytes)? = abortReason {
            self.init(kind: .malformedResponse,
                      detail: "the response's headers are larger than this client accepts (at most \(lines) lines and \(bytes / 1024) KiB)")
            return
        }
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL where text.contains("HTTP/0.9"):
            self.init(kind: .malformedResponse,
                      detail: "the service answered without an HTTP status line (an HTTP/0.9 response), which this client does not read")
        case CURLE_OUT_OF_MEMORY, CURLcode(rawValue: 100):
            // libcurl refuses a response header line past its limit (100 KB) with "out of memory"
            // (CURLE_TOO_LARGE, 100, from libcurl 8.6 on), and leaves its error buffer empty.
            self.init(kind: .malformedResponse,
                      detail: "the service sent a response header line larger than this client accepts (100 KB)")
        case CURLE_WRITE_ERROR where abortReason == .tooLarge, CURLE_FILESIZE_EXCEEDED:
            self.init(kind: .tooLarge(limit: limit), detail: "the response is larger than the limit of \(limit) bytes")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self.init(kind: .dns, detail: detail)
        case CURLE_COULDNT_CONNECT:
            self.init(kind: .connect, detail: detail)
        case CURLE_OPERATION_TIMEDOUT:
            self.init(kind: .timeout, detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
             CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED,
             CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            self.init(kind: .tls, detail: detail)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
             CURLE_HTTP2, CURLE_HTTP2_STREAM:
            self.init(kind: .interrupted, detail: detail)
        case CURLE_UNSUPPORTED_PROTOCOL:
            // The request's own URL is always http or https: only a redirect can get here.
            self.init(kind: .insecureRedirect, detail: "refused to follow a redirect to a scheme that is not allowed: https redirects only to https, http to http or https (\(detail))")
        case CURLE_TOO_MANY_REDIRECTS:
            self.init(kind: .tooManyRedirects, detail: detail)
        case CURLE_ABORTED_BY_CALLBACK:
            self.init(kind: .cancelled, detail: "the request was cancelled")
        default:
            self.init(kind: .other(code: Int(code.rawValue)), detail: "\(detail) (curl error \(code.rawValue))")
        }
    }
}
