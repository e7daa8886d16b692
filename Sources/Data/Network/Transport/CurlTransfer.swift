import CCurl
import Domain
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

/// One request: its libcurl easy handle, what the callbacks collect, and the continuation waiting
/// for the result.
///
/// `@unchecked Sendable`: the easy handle and the collected response are used by the caller only
/// before the transfer is submitted, and afterwards only by the engine's loop thread (libcurl calls
/// the callbacks from `curl_multi_perform` there); the engine's inbox lock orders that hand-off.
/// `phase` — who resumes the continuation, exactly once — is guarded by its own Mutex.
final class CurlTransfer: @unchecked Sendable {
    typealias Completion = CheckedContinuation<Result<HTTPResponse, TransportError>, Never>

    private enum Phase {
        case idle
        case waiting(Completion)
        case cancelled
        case finished
    }

    private(set) var easy: UnsafeMutableRawPointer?
    /// Scheme, host and port of the request's URL, lowercased ("https://example.com:8443"): the
    /// connections libcurl may share between transfers.
    let origin: String
    /// An https:// URL: ALPN may give HTTP/2, whose connection multiplexes. Over http:// the
    /// transport speaks HTTP/1.1 only (CURL_HTTP_VERSION_2TLS), one request at a time a connection.
    var mayMultiplex: Bool { origin.hasPrefix("https:") }
    /// The request's URL: its host and port name a failure to reach it.
    let url: String
    /// The connect and total timeouts given to libcurl, for a failure to say which one passed.
    var connectLimit: Duration = .zero
    var totalLimit: Duration = .zero
    var headerList: UnsafeMutablePointer<curl_slist>?
    let errorBuffer: UnsafeMutablePointer<CChar>
    let limit: Int
    var headers = HTTPHeaders()
    var body = Data()
    let stallLimit: Duration
    /// Why a callback stopped the transfer, when one did.
    var abortReason: TransportError.AbortReason?
    var bytesMoved: curl_off_t = -1
    var lastMovement = ContinuousClock.now
    private let phase = Mutex(Phase.idle)
    /// Header lines and bytes of every response of the transfer (redirects included).
    var headerLines = 0
    var headerBytes = 0
    /// A response of the contract has a dozen headers; a few hundred lines is already a broken or
    /// hostile server, and each line costs memory until the transfer ends.
    static let maxHeaderLines = 500
    static let maxHeaderBytes = 256 * 1024

    init(request: HTTPRequest, options: TransportOptions, userAgent: String) throws(TransportError) {
        limit = max(options.maxResponseBytes, 0)
        origin = Self.origin(of: request.url)
        url = request.url
        stallLimit = options.stallTimeout
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        guard CurlGlobal.isInitialised, let easy = report_curl_easy_init() else {
            throw TransportError.cannotStart(CurlGlobal.failure)
        }
        self.easy = easy
        try configure(easy, request: request, options: options, userAgent: userAgent)
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    // MARK: Completion (any thread)

    /// Installs the continuation; false when the request was cancelled first (and is resumed already).
    func start(_ completion: Completion) -> Bool {
        let cancelledEarly = phase.withLock { phase -> Bool in
            guard case .idle = phase else { return true }
            phase = .waiting(completion)
            return false
        }
        if cancelledEarly { completion.resume(returning: .failure(.cancelled)) }
        return !cancelledEarly
    }

    /// Resumes the waiting caller with `result`, unless it was resumed already.
    func complete(_ result: Result<HTTPResponse, TransportError>) {
        let completion = phase.withLock { phase -> Completion? in
            guard case .waiting(let completion) = phase else { return nil }
            phase = .finished
            return completion
        }
        completion?.resume(returning: result)
    }

    /// Resumes the caller with a cancellation at once. True when the transfer was submitted and the
    /// engine must still take its handle out of the multi handle.
    func cancel() -> Bool {
        let completion = phase.withLock { phase -> Completion? in
            switch phase {
            case .idle:
                phase = .cancelled
                return nil
            case .waiting(let completion):
                phase = .cancelled
                return completion
            case .cancelled, .finished:
                return nil
            }
        }
        completion?.resume(returning: .failure(.cancelled))
        return completion != nil
    }

    var isCancelled: Bool {
        phase.withLock { phase in
            if case .cancelled = phase { true } else { false }
        }
    }

    // MARK: Loop thread

    /// The outcome once libcurl reports the transfer done with `code`.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
        guard code == CURLE_OK, let easy else {
            let text = String(cString: errorBuffer).trimmingWhitespace()
            return .failure(TransportError(code: code, errorText: text, abortReason: abortReason, limit: limit,
                                           context: failureContext()))
        }
        var status = 0
        var redirects = 0
        var version = 0
        var micros: curl_off_t = 0
        var urlPointer: UnsafeMutablePointer<CChar>?
        var redirectPointer: UnsafeMutablePointer<CChar>?
        _ = report_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        _ = report_easy_getinfo_long(easy, CURLINFO_REDIRECT_COUNT, &redirects)
        _ = report_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        _ = report_easy_getinfo_off_t(easy, CURLINFO_TOTAL_TIME_T, &micros)
        _ = report_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &urlPointer)
        _ = report_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &redirectPointer)
        return .success(HTTPResponse(
            status: status,
            headers: headers,
            body: body,
            url: urlPointer.map { String(cString: $0) } ?? "",
            redirectCount: redirects,
            totalTime: .microseconds(micros),
            httpVersion: Self.versionName(version),
            redirectURL: redirectPointer.map { String(cString: $0) }
        ))
    }

    /// What the easy handle knows of a failed transfer (`TransportError.Context`).
    func failureContext() -> TransportError.Context {
        var context = TransportError.Context(connectTimeout: connectLimit, totalTimeout: totalLimit, stallTimeout: stallLimit)
        var effective: UnsafeMutablePointer<CChar>?
        if let easy {
            var osErrno = 0, verify = 0, status = 0
            var lookup: curl_off_t = 0, connect: curl_off_t = 0, pretransfer: curl_off_t = 0, total: curl_off_t = 0
            _ = report_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
            _ = report_easy_getinfo_long(easy, CURLINFO_SSL_VERIFYRESULT, &verify)
            _ = report_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            _ = report_easy_getinfo_off_t(easy, CURLINFO_NAMELOOKUP_TIME_T, &lookup)
            _ = report_easy_getinfo_off_t(easy, CURLINFO_CONNECT_TIME_T, &connect)
            _ = report_easy_getinfo_off_t(easy, CURLINFO_PRETRANSFER_TIME_T, &pretransfer)
            _ = report_easy_getinfo_off_t(easy, CURLINFO_TOTAL_TIME_T, &total)
            _ = report_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
            context.osErrno = osErrno
            context.verifyResult = verify
            context.status = status
            // A reused connection has no lookup or connect time of its own, but a request sent on it.
            context.connected = connect > 0 || pretransfer > 0
            context.resolved = lookup > 0 || context.connected
            context.elapsed = .microseconds(total)
        }
        let address = Self.hostAndPort(of: effective.map { String(cString: $0) } ?? url)
        context.host = PrintableText.oneLine(address.host, maxLength: 200)
        context.port = address.port
        return context
    }

    /// The host and port of an http(s) URL, the port the scheme's when none is written:
    /// "https://[::1]/a" → ("::1", "443").
    static func hostAndPort(of url: String) -> (host: String, port: String) {
        let origin = Self.origin(of: url)
        let scheme = origin.prefix { $0 != ":" }
        guard let start = origin.firstRange(of: "://")?.upperBound else { return (origin, "") }
        var authority = origin[start...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let defaultPort = scheme == "https" ? "443" : "80"
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            return (String(host), rest.hasPrefix(":") ? String(rest.dropFirst()) : defaultPort)
        }
        guard let colon = authority.lastIndex(of: ":") else { return (String(authority), defaultPort) }
        return (String(authority[..<colon]), String(authority[authority.index(after: colon)...]))
    }

    /// Frees the easy handle; the engine calls it once the handle is out of the multi handle.
    func releaseHandle() {
        if let easy { report_curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { report_curl_slist_free_all(headerList) }
        headerList = nil
    }

    /// False stops the transfer: the response has more header lines or bytes than it may.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerLines += 1
        headerBytes += bytes.count
        guard headerLines <= Self.maxHeaderLines, headerBytes <= Self.maxHeaderBytes else {
            abortReason = .tooManyHeaders(lines: Self.maxHeaderLines, bytes: Self.maxHeaderBytes)
            return false
        }
        if bytes.starts(with: "HTTP/".utf8) {
            // A new response begins (after a redirect or a 1xx): only the last one counts.
            headers = HTTPHeaders()
            body = Data()
            return true
        }
        // Read as bytes: a batch receives a dozen of these lines per request.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let name = Self.trimmingSpace(bytes[..<colon])
        guard !name.isEmpty else { return true }
        headers.add(String(decoding: name, as: UTF8.self),
                    String(decoding: Self.trimmingSpace(bytes[(colon + 1)...]), as: UTF8.self))
        return true
    }

    /// The URL up to its path, query or fragment, lowercased: "HTTPS://Host:1/a?b" → "https://host:1".
    /// Found in the URL's UTF-8 (its delimiters are ASCII): made of Characters, as it was, it
    /// cost some 35,000 instructions a request.
    static func origin(of url: String) -> String {
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) else {
            return url.lowercased()
        }
        let authority = bytes.index(colon, offsetBy: 3)
        let end = bytes[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? bytes.endIndex
        return String(decoding: bytes[..<end], as: UTF8.self).lowercased()
    }

    /// Without the spaces, tabs and line breaks around it (a header line ends in CR LF).
    static func trimmingSpace(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            abortReason = .tooLarge
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// False stops the transfer: no byte has moved for the stall timeout. Before the request is
    /// sent (PRETRANSFER time still 0) the connect timeout applies instead.
    func checkProgress(downloaded: curl_off_t, uploaded: curl_off_t) -> Bool {
        let now = ContinuousClock.now
        var pretransfer: curl_off_t = 0
        if let easy { _ = report_easy_getinfo_off_t(easy, CURLINFO_PRETRANSFER_TIME_T, &pretransfer) }
        let moved = downloaded + uploaded
        if pretransfer == 0 || moved != bytesMoved {
            bytesMoved = moved
            lastMovement = now
            return true
        }
        guard lastMovement.duration(to: now) < stallLimit else {
            abortReason = .stalled(stallLimit)
            return false
        }
        return true
    }
}

// libcurl calls these from curl_multi_perform on the engine's loop thread; `userData` is the
// transfer, kept alive by the engine for as long as its handle is in the multi handle.
func curlWriteBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                           _ userData: UnsafeMutableRawPointer?) -> Int {
    deliver(data, size * count, userData) { $0.receiveBody($1) }
}

func curlWriteHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                             _ userData: UnsafeMutableRawPointer?) -> Int {
    deliver(data, size * count, userData) { $0.receiveHeaderLine($1) }
}

/// What both callbacks answer libcurl: the bytes taken (`length`), or 0 to abort the transfer.
private func deliver(_ data: UnsafeMutablePointer<CChar>?, _ length: Int, _ userData: UnsafeMutableRawPointer?,
                     _ receive: (CurlTransfer, UnsafeRawBufferPointer) -> Bool) -> Int {
    guard let userData else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
    guard length > 0, let data else { return length }
    return receive(transfer, UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

func curlProgress(_ userData: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t,
                          _ downloaded: curl_off_t, _ uploadTotal: curl_off_t, _ uploaded: curl_off_t) -> Int32 {
    guard let userData else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
    return transfer.checkProgress(downloaded: downloaded, uploaded: uploaded) ? 0 : 1
}

// Setting a transfer's easy handle up from the request and the options, before it is submitted.
extension CurlTransfer {
    // MARK: Configuration (caller, before submission)

    func configure(_ easy: UnsafeMutableRawPointer, request: HTTPRequest, options: TransportOptions,
                           userAgent: String) throws(TransportError) {
        var list: UnsafeMutablePointer<curl_slist>?
        for field in request.headers {
            guard Self.isValidHeader(field) else {
                report_curl_slist_free_all(list)
                let name = PrintableText.oneLine(field.name, maxLength: 40)
                throw TransportError(kind: .invalidRequest, reason: Detail(.detailBadHeader, ["name": .data(name)]),
                                     detail: "the header \(name) is not valid")
            }
            // "Name:" would make libcurl drop the header; "Name;" sends it empty.
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = report_curl_slist_append(list, line)
        }
        // libcurl would send `Expect: 100-continue` for large bodies and wait a round trip.
        list = report_curl_slist_append(list, "Expect:")
        headerList = list

        let timeout = min(options.totalTimeout, request.timeout ?? options.totalTimeout)
        totalLimit = .milliseconds(max(1, timeout.wholeMilliseconds))
        connectLimit = .milliseconds(max(1, options.connectTimeout.wholeMilliseconds))
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
        var name = field.name, value = field.value
        return name.withUTF8 { name in !name.isEmpty && name.allSatisfy { $0 > 32 && $0 < 127 && $0 != UInt8(ascii: ":") } }
            && value.withUTF8 { value in !value.contains { $0 == 0 || $0 == 10 || $0 == 13 } }
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
