#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// stdout or stderr as a destination for whole documents and lines. Commands take these as
/// parameters (Mint's `standardOut`) so views can be tested without a process.
///
/// Every write is checked. A document (`write`) that cannot be written throws, so the command
/// stops; a diagnostic (`note`: a progress line, the request log, an error line) that cannot be
/// written is remembered, and `CommandRunner` ends the command with it. Either way a failed
/// write never ends in exit 0: a closed pipe ends the process the way SIGPIPE does, anything
/// else (a full disk, a closed descriptor) is exit 74.
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

    /// Writes all of `text` (retrying short writes); throws when it cannot.
    func write(_ text: String) throws(OutputError) {
        try write(bytes: Array(text.utf8))
    }

    /// Writes all of `bytes` (retrying short writes); throws when it cannot.
    func write(bytes: [UInt8]) throws(OutputError) {
        let code: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // write(2) never returns 0 for a non-empty buffer on a working descriptor.
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
        guard let code else { return }
        let failure = OutputError(descriptor: descriptor, code: code)
        Self.failures.withLock { if $0 == nil { $0 = failure } }
        throw failure
    }

    /// Writes a diagnostic that must not stop what it describes; a failure is remembered for
    /// `CommandRunner`, which ends the command with it.
    func note(_ text: String) {
        try? write(text)
    }

    /// The first write that failed in this process, on any stream. The descriptors are the
    /// process's own, so this is process-wide state by nature.
    static var firstFailure: OutputError? { failures.withLock { $0 } }

    private static let failures = Mutex<OutputError?>(nil)

    /// Makes sure descriptors 0, 1 and 2 are open, before anything else opens a file: a program
    /// started with stdout closed (`>&-`) would otherwise write its document into whatever the
    /// next `open` or `socket` got as descriptor 1. A closed one is held by /dev/null opened
    /// read-only, so every write to it fails (EBADF) and is reported, instead of going anywhere.
    static func reserveStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let held = open("/dev/null", O_RDONLY)
            if held >= 0, held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }
}

/// A write to stdout or stderr that failed: `code` is errno.
struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    let descriptor: Int32
    let code: Int32

    /// The reader of a pipe has gone (`| head -1`): not an error to report, but the end.
    var isBrokenPipe: Bool { code == EPIPE }

    var streamName: String { descriptor == 2 ? "standard error" : "standard output" }

    var description: String {
        "could not write to \(streamName): \(String(cString: strerror(code)))"
    }
}
