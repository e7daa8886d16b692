import Foundation

/// One HTTP/1.1 request over a plain loopback socket, and everything the server sent back until
/// it closed, reset or went quiet: what a client library would smooth over, seen byte for byte.
public struct RawHTTPExchange: Sendable {
    public enum Ending: Sendable, Equatable {
        /// An orderly close (FIN).
        case closed
        /// ECONNRESET: the server reset the connection.
        case reset
        /// Still open when the quiet period passed.
        case open
    }

    public let bytes: Data
    public let ending: Ending

    public var head: String {
        guard let end = bytes.range(of: Data("\r\n\r\n".utf8)) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
    }

    public var body: Data {
        guard let end = bytes.range(of: Data("\r\n\r\n".utf8)) else { return Data() }
        return bytes[end.upperBound...]
    }

    public var statusCode: Int? { Int(head.split(separator: " ").dropFirst().first ?? "") }

    public func header(_ name: String) -> String? {
        head.split(separator: "\r\n").dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
    }

    /// Sends `GET path` (with member 42's token and `headers`) and reads until the server closes
    /// or sends nothing for `quiet`. Blocking, so on a thread of its own: the server under test
    /// answers from Swift's cooperative pool.
    public static func get(_ path: String, port: Int, headers: [String] = [], quiet: Duration = .seconds(15)) async throws -> RawHTTPExchange {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try exchange(path, port: port, headers: headers, quiet: quiet) })
            }.start()
        }
    }

    private static func exchange(_ path: String, port: Int, headers: [String], quiet: Duration) throws -> RawHTTPExchange {
        let socket = try connectToLoopback(port: port)
        defer { close(socket) }
        func setTimeout(_ duration: Duration) {
            var timeout = timeval(tv_sec: Int(duration.components.seconds),
                                  tv_usec: Int(duration.components.attoseconds / 1_000_000_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        // Until the first byte, a loaded machine may take long to answer (an in-process server
        // answers from the test process's cooperative pool, which the suites beside it can keep
        // busy for tens of seconds); after it, `quiet` is how long a silence means the server
        // sends nothing more. A server that answers nothing at all fails its test after this
        // wait, whatever it is.
        setTimeout(max(quiet, .seconds(120)))
        let request = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Authorization: Bearer demo-access-42"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                if received.isEmpty { setTimeout(quiet) }
                received.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                return RawHTTPExchange(bytes: received, ending: .closed)
            } else if errno == ECONNRESET {
                return RawHTTPExchange(bytes: received, ending: .reset)
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return RawHTTPExchange(bytes: received, ending: .open)
            } else if errno != EINTR {
                throw POSIXError(.init(rawValue: errno) ?? .EIO)
            }
        }
    }
}
