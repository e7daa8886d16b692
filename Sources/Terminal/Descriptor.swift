import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing a file descriptor whole: the one read-everything loop and the one
/// write-everything loop of the program (stdout and stderr, `--input`, `--terms-from`, the
/// config and credentials files, atomic files). Reads and writes interrupted by a signal are
/// retried (swift-system's `retryOnInterrupt`). These calls block: callers run long reads on a
/// thread of their own (`BlockingCall`), never on a cooperative thread.
public enum Descriptor {
    public enum ReadFailure: Error, Sendable, Equatable {
        /// The system's error code (errno), e.g. EISDIR.
        case system(Int32)
        /// More than the caller's limit.
        case tooLarge
    }

    /// One read of up to `maxBytes`: what it returned, empty at the end of the input.
    public static func readChunk(_ descriptor: Int32, maxBytes: Int = 64 * 1024) -> Result<[UInt8], ReadFailure> {
        var chunk = [UInt8](repeating: 0, count: maxBytes)
        do {
            let count = try chunk.withUnsafeMutableBytes { try FileDescriptor(rawValue: descriptor).read(into: $0) }
            chunk.removeSubrange(count...)
            return .success(chunk)
        } catch {
            return .failure(.system(code(of: error)))
        }
    }

    /// Everything up to the end of the input, unless it is more than `limit` bytes.
    public static func readAll(_ descriptor: Int32, limit: Int) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        while true {
            switch readChunk(descriptor, maxBytes: min(64 * 1024, limit + 1)) {
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

    /// Writes every byte, retrying short writes: nil when done, else the errno of the failure.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { write(FileDescriptor(rawValue: descriptor), $0) }
    }

    public static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Int32? {
        let file = FileDescriptor(rawValue: descriptor)
        if let result = bytes.withContiguousStorageIfAvailable({ write(file, UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(bytes).withUnsafeBytes { write(file, $0) }
    }

    /// `writeAll` with SIGPIPE held off the calling thread: a pipe whose reader has gone is
    /// EPIPE, not the end of the process (SIGPIPE is not ignored: a closed stdout must end report
    /// as it ends any program). A SIGPIPE the write raised is taken off the thread before it can
    /// be let through.
    public static func writeAllCatchingBrokenPipe(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let code = writeAll(descriptor, bytes)
        if code == EPIPE, sigismember(&previous, SIGPIPE) == 0 {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                while sigtimedwait(&brokenPipe, nil, &now) == -1 && errno == EINTR {}
            }
        }
        return code
    }

    private static func write(_ file: FileDescriptor, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            do {
                let written = try file.write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                // write(2) never returns 0 for a non-empty buffer on a working descriptor.
                if written == 0 { return EIO }
                offset += written
            } catch {
                return code(of: error)
            }
        }
        return nil
    }

    private static func code(of error: any Error) -> Int32 {
        (error as? Errno)?.rawValue ?? EIO
    }

    /// The C library's English words for an errno, e.g. "No such file or directory": for a log,
    /// a panic or a test; a person reads the catalog's (`Detail.Value.system`).
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
