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
        stallLimit = options.stallTimeout
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        guard CurlGlobal.isInitialised, let easy = report_curl_easy_init() else {
            throw TransportError(kind: .other(code: Int(CURLE_FAILED_INIT.rawValue)), detail: CurlGlobal.failure)
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
            return .failure(TransportError(code: code, errorText: text, abortReason: abortReason, limit: limit))
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
    static func origin(of url: String) -> String {
        let characters = Array(url)
        guard let colon = characters.firstIndex(of: ":"), characters[colon...].starts(with: "://") else {
            return url.lowercased()
        }
        let end = characters[(colon + 3)...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? characters.endIndex
        return String(characters[..<end]).lowercased()
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
