#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file all at once or not at all, the program's one atomic writer (`check --junit`,
/// the credentials file): the bytes go to a new temporary file beside the target (`O_EXCL`, so
/// never through a file or link someone else put there), are flushed to disk, and are renamed
/// over the target; then the directory is flushed, so the rename itself survives a crash. A
/// reader sees the old file or the new one, never half of one. A file that need not survive a
/// crash (a cache entry, checked when it is read) can skip the flushes and keep only the rename.
public enum AtomicFile {
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Stage: Sendable, Equatable {
            /// No temporary file could be made in the directory (`path` is the directory).
            case create
            /// Writing or flushing the temporary file failed.
            case write
            /// The rename over the target failed.
            case replace
            /// The directory could not be flushed (`path` is the directory).
            case syncDirectory
        }

        public let stage: Stage
        public let path: String
        /// The system's reason.
        public let reason: String

        public init(stage: Stage, path: String, reason: String) {
            self.stage = stage
            self.path = path
            self.reason = reason
        }

        public var description: String {
            switch stage {
            case .create: "cannot create a file in \(path): \(reason)"
            case .write: "cannot write \(path): \(reason)"
            case .replace: "cannot replace \(path): \(reason)"
            case .syncDirectory: "cannot sync \(path): \(reason)"
            }
        }
    }

    /// Replaces `path` with `bytes`. The file gets `mode` less the umask, as any new file does;
    /// with `exactMode` exactly `mode`, whatever the umask (the credentials file's 0600). Without
    /// `durable`, nothing is flushed: still all or nothing for readers, but a crash may lose the
    /// write or leave a torn file behind the name (so only for files whose reader checks them).
    ///
    /// A `path` that is not a file — a device (`-o /dev/null`, `/dev/stdout`), a FIFO — is written
    /// to, as `curl -o` and a shell's `>` do: renaming over it would replace the device with a
    /// file (as root, `/dev/null` itself). Not with `exactMode`, which is for files of our own.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, mode: mode_t = 0o644,
                             exactMode: Bool = false, durable: Bool = true) throws(WriteError) {
        if !exactMode, isSpecial(path) {
            try writeInPlace(bytes, to: path)
            return
        }
        let directory = directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt64.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw WriteError(stage: .create, path: directory, reason: Descriptor.reason(errno))
        }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let failure: Int32? = if exactMode && fchmod(descriptor, mode) != 0 { errno }
            else if let code = Descriptor.writeAll(descriptor, bytes) { code }
            else if durable && fsync(descriptor) != 0 { errno }
            else { nil }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closed {
            throw WriteError(stage: .write, path: path, reason: Descriptor.reason(code))
        }
        guard rename(temporary, path) == 0 else {
            throw WriteError(stage: .replace, path: path, reason: Descriptor.reason(errno))
        }
        renamed = true
        if durable { try syncDirectory(directory) }
    }

    /// Makes a rename or an unlink in `directory` durable.
    public static func syncDirectory(_ directory: String) throws(WriteError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WriteError(stage: .syncDirectory, path: directory, reason: Descriptor.reason(errno))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw WriteError(stage: .syncDirectory, path: directory, reason: Descriptor.reason(errno))
        }
    }

    /// Whether `write(_:to:)` could replace `path` now, without writing anything: its directory
    /// exists and can be written to, and the path is not a directory. The reason when it could not.
    public static func checkWritable(_ path: String) -> String? {
        let directory = directory(of: path)
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return "\(path) is a directory" }
        if isSpecial(path) { return access(path, W_OK) == 0 ? nil : "\(path): \(Descriptor.reason(errno))" }
        guard stat(directory, &status) == 0 else { return "\(directory): \(Descriptor.reason(errno))" }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "\(directory) is not a directory" }
        guard access(directory, W_OK) == 0 else { return "\(directory): \(Descriptor.reason(errno))" }
        return nil
    }

    /// Whether `path` exists and is neither a regular file nor a directory (a device, a FIFO, a
    /// socket), following symbolic links.
    static func isSpecial(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    private static func writeInPlace(_ bytes: some Collection<UInt8>, to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(stage: .create, path: path, reason: Descriptor.reason(errno)) }
        let failure = Descriptor.writeAll(descriptor, bytes)
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closed {
            throw WriteError(stage: .write, path: path, reason: Descriptor.reason(code))
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension AtomicFile {
    /// Makes `path` and every missing parent with exactly `mode` (0700: the configuration, the
    /// credentials and the cache are the user's alone), whatever the umask. Nil when they exist
    /// now; else the folder that could not be made and errno.
    public static func createFolders(_ path: String, mode: mode_t = 0o700) -> (folder: String, code: Int32)? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, mode) == 0 {
                // mkdir applies the umask; a strict one must not leave a folder we cannot use.
                chmod(prefix, mode)
            } else if errno != EEXIST {
                return (prefix, errno)
            }
        }
        return nil
    }
}
