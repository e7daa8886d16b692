import CCurl
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Terminal

// Setting a transfer's easy handle up from the request and the options, before it is submitted.
extension CurlTransfer {
    // MARK: Configuration (caller, before submission)

    func configure(_ easy: UnsafeMutableRawPointer, request: HTTPRequest, options: TransportOptions,
                           userAgent: String) throws(TransportError) {
        var list: UnsafeMutablePointer<curl_slist>?
        for field in request.headers {
            guard Self.isValidHeader(field) else {
                report_curl_slist_free_all(list)
                throw TransportError(kind: .invalidRequest, detail: "the header \(PrintableText.oneLine(field.name, maxLength: 40)) is not valid")
            }
            // "Name:" would make libcurl drop the header; "Name;" sends it empty.
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = report_curl_slist_append(list, line)
        }
        // libcurl would send `Expect: 100-continue` for large bodies and wait a round trip.
        list = report_curl_slist_append(list, "Expect:")
        headerList = list

        let timeout = min(options.totalTimeout, request.timeout ?? options.totalTimeout)
        let stallSeconds = max(1, (options.stallTimeout.wholeMilliseconds + 999) / 1000)
        let userData = Unmanaged.passUnretained(self).toOpaque()
        var status = CURLE_OK
        func set(_ code: CURLcode) { if status == CURLE_OK { status = code } }

        set(report_easy_setopt_string(easy, CURLOPT_URL, request.url))
        set(report_easy_setopt_cloexec_sockets(easy))
        set(report_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        set(report_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        // A redirect never downgrades: from https only to https (the response would otherwise
        // travel in plain text); from http (loopback, or --allow-insecure-http) to either.
        let isHTTPS = request.url.utf8.prefix(6).map { $0 | 0x20 }.elementsEqual("https:".utf8)
        set(report_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, isHTTPS ? "https" : "http,https"))
        // Only GET and HEAD follow redirects: a request with a body (the refresh grant above all)
        // would carry it, secrets included, to wherever the Location points. Its 3xx is an error.
        // A request with headers bound to its origin is followed by CurlTransport, hop by hop:
        // libcurl would send every custom header to any origin.
        let followsRedirects = request.followsRedirects && request.originOnlyHeaders.isEmpty
        set(report_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, followsRedirects ? 1 : 0))
        set(report_easy_setopt_long(easy, CURLOPT_MAXREDIRS, options.maxRedirects))
        // libcurl silently sends a request again when a reused keep-alive connection turns out to
        // be closed. A POST or PATCH (an order, the single-use refresh token) must reach the wire at
        // most once, so it never rides a reused connection: a fresh one has no such retry.
        if request.method == .post || request.method == .patch {
            set(report_easy_setopt_long(easy, CURLOPT_FRESH_CONNECT, 1))
        }
        // The proxy environment (http_proxy, HTTPS_PROXY, ALL_PROXY) applies as curl applies it,
        // except to this machine: a plain-http request to loopback, with its Authorization header,
        // never goes through a proxy (where it would travel in clear).
        set(report_easy_setopt_string(easy, CURLOPT_NOPROXY, Self.noProxy))
        // Authorization and Cookie headers never follow a redirect to another host, port or scheme.
        set(report_easy_setopt_long(easy, CURLOPT_UNRESTRICTED_AUTH, 0))
        set(report_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, options.connectTimeout.wholeMilliseconds)))
        set(report_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(1, timeout.wholeMilliseconds)))
        // libcurl averages the speed over a window of about five seconds, so LOW_SPEED alone fires up
        // to that much late; the progress callback enforces the stall timeout itself, and this stays
        // as the backstop.
        set(report_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1))
        set(report_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, stallSeconds))
        set(report_easy_setopt_long(easy, CURLOPT_NOPROGRESS, 0))
        set(report_easy_setopt_xferinfo_function(easy, curlProgress))
        set(report_easy_setopt_pointer(easy, CURLOPT_XFERINFODATA, userData))
        set(report_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""))
        set(report_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit)))
        set(report_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1))
        set(report_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2))
        if let caFile = options.caFile {
            // The bundle replaces the system's trust store: libcurl would still look in its
            // compiled-in CA directory (/etc/ssl/certs) besides it.
            set(report_easy_setopt_string(easy, CURLOPT_CAINFO, caFile))
            set(report_easy_setopt_pointer(easy, CURLOPT_CAPATH, nil))
        }
        set(report_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS))
        // Whether to wait for a connection that may multiplex (HTTP/2) rather than open another one
        // (CURLOPT_PIPEWAIT) is the engine's to say, as it adds the transfer: see `CurlEngine.pipeWait`.
        set(report_easy_setopt_string(easy, CURLOPT_USERAGENT, userAgent))
        set(report_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, list))
        set(report_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
        set(report_easy_setopt_write_function(easy, curlWriteBody))
        set(report_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, userData))
        set(report_easy_setopt_header_function(easy, curlWriteHeader))
        set(report_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, userData))

        switch request.method {
        case .get:
            set(report_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))
        case .head:
            set(report_easy_setopt_long(easy, CURLOPT_NOBODY, 1))
        case .post:
            set(report_easy_setopt_long(easy, CURLOPT_POST, 1))
        case .put, .delete, .patch:
            set(report_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method.rawValue))
        }
        if let body = request.body {
            set(report_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            // COPYPOSTFIELDS copies the bytes now, so `body` need not outlive this call.
            body.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress, !bytes.isEmpty {
                    set(report_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base)))
                } else {
                    set(report_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
                }
            }
        }
        guard status == CURLE_OK else {
            throw TransportError(code: status, errorText: "", abortReason: nil, limit: limit)
        }
    }

    /// `NO_PROXY` (or `no_proxy`) as the user set it, plus this machine's addresses; libcurl's
    /// own reading of the variable is replaced by CURLOPT_NOPROXY, so the two are joined here.
    private static let noProxy: String = {
        let loopback = "localhost,127.0.0.0/8,::1"
        for name in ["no_proxy", "NO_PROXY"] {
            if let value = getenv(name), value.pointee != 0 {
                let list = String(cString: value)
                // "*" alone means every host, and only alone.
                return list.trimmingWhitespace() == "*" ? "*" : list + "," + loopback
            }
        }
        return loopback
    }()

    static func isValidHeader(_ field: HTTPHeaders.Field) -> Bool {
        !field.name.isEmpty
            && field.name.utf8.allSatisfy { $0 > 32 && $0 < 127 && $0 != UInt8(ascii: ":") }
            && !field.value.utf8.contains { $0 == 0 || $0 == 10 || $0 == 13 }
    }

    static func versionName(_ version: Int) -> String {
        switch version {
        case CURL_HTTP_VERSION_1_0: "1.0"
        case CURL_HTTP_VERSION_1_1: "1.1"
        case CURL_HTTP_VERSION_2_0: "2"
        case CURL_HTTP_VERSION_3: "3"
        default: "?"
        }
    }
}
