import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A request as the loopback server received it.
public struct RecordedRequest: Sendable {
    public let method: String
    /// Path and query as sent, e.g. `/v1/analysis/report?termNo=1001`.
    public let target: String
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]
    /// Which connection it came on: 1 for the first the server accepted, 2 for the second, …
    public let connection: Int

    public var path: String { String(target.prefix { $0 != "?" }) }

    public var query: String? {
        target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A tiny HTTP/1.1 server on 127.0.0.1 for the transport and end-to-end tests: a thread accepting connections and
/// a thread per connection, each serving keep-alive requests with the handler scripted for the
/// request's path. Not a mock: libcurl talks to it over real sockets.
public final class LoopbackServer: Sendable {
    /// What to do with the connection after a handler ran.
    public enum Next: Sendable {
        case keepAlive
        case close
    }

    public typealias Handler = @Sendable (RecordedRequest, ServerConnection) -> Next

    private struct State {
        var routes: [String: Handler] = [:]
        var requests: [RecordedRequest] = []
        var acceptedConnections = 0
        var openConnections: [Int32] = []
        var isStopped = false
    }

    public let port: UInt16
    private let listener: Int32
    private let state: Mutex<State>

    public init(routes: [String: Handler] = [:]) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard let port = bindToFreeLoopbackPort(fd), listen(fd, 128) == 0 else {
            close(fd)
            throw ServerError.socket(errno)
        }
        self.port = port
        listener = fd
        state = Mutex(State(routes: routes))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public func route(_ path: String, _ handler: @escaping Handler) {
        state.withLock { $0.routes[path] = handler }
    }

    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    public func requests(to path: String) -> [RecordedRequest] { requests.filter { $0.path == path } }

    public var acceptedConnections: Int { state.withLock { $0.acceptedConnections } }

    /// Closes the listener and every open connection.
    ///
    /// File descriptors are process-wide and reused at once, and many servers run in one test
    /// process: a descriptor is shut down here only while the lock guarantees it is still this
    /// server's (a connection leaves `openConnections` under the lock before its descriptor is
    /// closed), and the listener is closed by the accept loop, not under its feet.
    public func stop() {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.isStopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in state.openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let ordinal = state.withLock { state -> Int? in
                guard !state.isStopped else { return nil }
                state.acceptedConnections += 1
                state.openConnections.append(fd)
                return state.acceptedConnections
            }
            guard let ordinal else {
                close(fd)
                close(listener)
                return
            }
            let connection = ServerConnection(fd: fd, ordinal: ordinal) { [self] fd in
                state.withLock { $0.openConnections.removeAll { $0 == fd } }
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: ServerConnection) {
        defer { connection.close() }
        while let request = connection.readRequest() {
            let handler = state.withLock { state -> Handler? in
                state.requests.append(request)
                return state.routes[request.path]
            }
            let next = handler?(request, connection) ?? {
                connection.respond(status: 404, body: #"{"error":{"code":"not_found","message":"no route"}}"#)
                return .keepAlive
            }()
            if case .close = next { return }
        }
    }
}

public enum ServerError: Error {
    case socket(Int32)
}

/// One accepted connection; handlers write responses (or misbehave) through it.
public final class ServerConnection: @unchecked Sendable {
    // @unchecked Sendable: used only by the one thread serving this connection.
    public let fd: Int32
    /// The connection's number in the order the server accepted them, from 1.
    public let ordinal: Int
    private var buffer: [UInt8] = []
    private var isClosed = false
    /// Called with `fd` just before it is closed (the server forgets it first: see `stop()`).
    private let willClose: (@Sendable (Int32) -> Void)?

    public init(fd: Int32, ordinal: Int = 1, willClose: (@Sendable (Int32) -> Void)? = nil) {
        self.fd = fd
        self.ordinal = ordinal
        self.willClose = willClose
    }

    /// The next request on the connection; nil when the client closed it.
    public func readRequest() -> RecordedRequest? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            if buffer.first == 0x16 {
                // A TLS ClientHello: answer like a plain-HTTP server does, so the client's TLS fails fast.
                send("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n")
                return nil
            }
            if let range = buffer.firstRange(of: terminator) {
                headerEnd = range.upperBound
            } else if !receiveMore() {
                return nil
            }
        }
        guard let headerEnd else { return nil }
        let head = String(decoding: buffer[..<(headerEnd - 4)], as: UTF8.self)
        buffer.removeFirst(headerEnd)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while buffer.count < length {
            if !receiveMore() { return nil }
        }
        let body = Array(buffer.prefix(length))
        buffer.removeFirst(length)
        return RecordedRequest(method: String(requestLine[0]), target: String(requestLine[1]),
                               headers: headers, body: body, connection: ordinal)
    }

    private func receiveMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// False when the client has gone (the bytes could not all be sent).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// A complete response with Content-Length.
    public func respond(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        send(Array(head.utf8) + body)
    }

    public func respond(status: Int, headers: [(String, String)] = [("Content-Type", "application/json")], body: String) {
        respond(status: status, headers: headers, body: Array(body.utf8))
    }

    /// Blocks until the client closes the connection (or the server stops).
    public func waitForClientClose() {
        var byte: UInt8 = 0
        while recv(fd, &byte, 1, 0) > 0 {}
    }

    /// Closes with a TCP reset instead of an orderly FIN.
    public func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        willClose?(fd)
        Glibc.close(fd)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }
}

extension LoopbackServer {
    /// Answers every request with `status` and a JSON `body`.
    public static func json(_ status: Int = 200, _ body: String, headers: [(String, String)] = []) -> Handler {
        { _, connection in
            connection.respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
            return .keepAlive
        }
    }
}

/// A TCP socket connected to 127.0.0.1:`port`; on failure the socket is closed and connect(2)'s
/// error thrown.
public func connectToLoopback(port: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        let code = errno
        close(fd)
        throw POSIXError(.init(rawValue: code) ?? .ECONNREFUSED)
    }
    return fd
}

/// Binds `fd` to 127.0.0.1 on a port the kernel picks; the port, or nil (errno says why).
func bindToFreeLoopbackPort(_ fd: Int32) -> UInt16? {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0 else { return nil }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
}

/// A loopback port where nothing listens — connecting to it is refused — held for as long as this
/// value lives. The socket is bound but never listens, and without SO_REUSEADDR, so no other
/// server of tests running in parallel can take the number meanwhile (a port merely found free
/// and closed again can be, and then a "refused" connection reaches that server).
public final class RefusingPort: Sendable {
    public let port: UInt16
    private let descriptor: Int32

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket(errno) }
        guard let port = bindToFreeLoopbackPort(fd) else {
            close(fd)
            throw ServerError.socket(errno)
        }
        self.port = port
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }
}
