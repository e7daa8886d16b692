#if canImport(Glibc)
import Glibc
#endif

/// Writes a file all at once or not at all: the text goes to a temporary file beside the target,
/// is flushed to disk, and is renamed over the target, so a reader never sees half a file.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(WriteError) {
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw WriteError(description: "cannot create \(temporary): \(String(cString: strerror(errno)))") }
        var bytes = Array(text.utf8)
        var failure: String?
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(failure)")
        }
    }
}
