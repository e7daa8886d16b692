#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// stdout or stderr as a destination for whole documents and lines. Commands take these as
/// parameters (Mint's `standardOut`) so views can be tested without a process.
struct StandardStream: Sendable {
    let descriptor: Int32

    static let output = StandardStream(descriptor: 1)
    static let error = StandardStream(descriptor: 2)

    /// Whether the stream is a terminal (progress and colour are for people, not pipes).
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// The terminal's width in columns, or nil when not a terminal.
    var columns: Int? {
        guard isTerminal else { return nil }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return nil
    }

    /// Writes all of `text` (retrying short writes); a closed pipe is not an error worth a crash.
    func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes all of `bytes` (retrying short writes); a closed pipe is not an error worth a crash.
    func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
