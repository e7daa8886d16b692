#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads from a file descriptor, retrying a read that a signal interrupts. These calls block:
/// callers run them on a thread of their own (`BlockingCall`), never on a cooperative thread.
enum DescriptorRead {
    enum Failure: Error, Sendable {
        /// The system's reason, e.g. "Is a directory".
        case system(String)
        /// More than the caller's limit.
        case tooLarge

        var reason: String {
            switch self {
            case .system(let reason): reason
            case .tooLarge: "it is too large"
            }
        }
    }

    /// One read of up to `maxBytes`: what it returned, empty at the end of the input.
    static func chunk(_ descriptor: Int32, maxBytes: Int = 64 * 1024) -> Result<[UInt8], Failure> {
        var chunk = [UInt8](repeating: 0, count: maxBytes)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 {
                chunk.removeSubrange(count...)
                return .success(chunk)
            }
            if errno == EINTR { continue }
            return .failure(.system(String(cString: strerror(errno))))
        }
    }

    /// Everything up to the end of the input, unless it is more than `limit` bytes.
    static func all(_ descriptor: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        while true {
            switch chunk(descriptor) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let chunk) where chunk.isEmpty:
                return .success(bytes)
            case .success(let chunk):
                bytes += chunk
                guard bytes.count <= limit else { return .failure(.tooLarge) }
            }
        }
    }
}
