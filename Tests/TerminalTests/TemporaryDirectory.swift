#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp, removed with everything in it when the test is done.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/report-terminal-tests-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func write(_ text: String, to name: String, mode: mode_t = 0o644) {
        let descriptor = open(file(name), O_WRONLY | O_CREAT | O_TRUNC, mode)
        precondition(descriptor >= 0)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    func read(_ name: String) -> String? {
        let descriptor = open(file(name), O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = Glibc.read(descriptor, &chunk, chunk.count), count > 0 { bytes += chunk[0..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    func mode(_ name: String) -> mode_t? {
        var status = stat()
        guard stat(file(name), &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    /// The names in the directory, hidden ones included.
    var names: [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
