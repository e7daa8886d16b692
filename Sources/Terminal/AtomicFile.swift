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
            /// A link was not followed, or what a shared folder holds under the name was not
            /// written (`refusal` says which and why).
            case refused(Refusal)
        }

        public let stage: Stage
        public let path: String
        /// The system's error code (errno); 0 for a refusal.
        public let code: Int32

        public init(stage: Stage, path: String, code: Int32) {
            self.stage = stage
            self.path = path
            self.code = code
        }

        /// English, for a log or a test; a person reads the catalog's words (Data's `detail`).
        public var description: String {
            switch stage {
            case .create: "cannot create a file in \(path): \(Descriptor.reason(code))"
            case .write: "cannot write \(path): \(Descriptor.reason(code))"
            case .replace: "cannot replace \(path): \(Descriptor.reason(code))"
            case .syncDirectory: "cannot sync \(path): \(Descriptor.reason(code))"
            case .refused(let refusal): "cannot write \(refusal)"
            }
        }
    }

    /// Why a path is not written (or a link not followed) whatever the permissions, or why it
    /// could not be written now (`checkWritable`): what was found, and where.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// Another user's symbolic link in a sticky folder others can write to (`/tmp`).
        case otherUsersLink(String)
        /// A chain of links too long to follow.
        case linkLoop(String)
        /// In a folder others can write to: another user's file under the name.
        case otherUsersFile(String)
        /// In a folder others can write to: not a regular file (a FIFO, a device, a link).
        case notRegular(String)
        /// In a folder others can write to: a file with other hard links.
        case hardLinked(String)
        /// `''`: an empty path names no file.
        case emptyPath
        /// The path is a directory.
        case directory(String)
        /// The path ends with `/` and nothing is there.
        case namesDirectory(String)
        /// The folder the file would go in is not one.
        case notDirectory(String)
        /// The system's error code (errno) for the path.
        case system(String, Int32)

        /// English, for a log or a test; a person reads the catalog's words (Data's `detail`).
        public var description: String {
            switch self {
            case .otherUsersLink(let path): "\(path): another user's symbolic link in a shared folder, not followed"
            case .linkLoop(let path): "\(path): too many levels of symbolic links"
            case .otherUsersFile(let path): "\(path): another user's file in a folder others can write, not written"
            case .notRegular(let path): "\(path): not a regular file, in a folder others can write; not written"
            case .hardLinked(let path): "\(path): a file with other hard links, in a folder others can write; not written"
            case .emptyPath: "'': an empty path names no file"
            case .directory(let path): "\(path) is a directory"
            case .namesDirectory(let path): "\(path) names a directory, not a file"
            case .notDirectory(let path): "\(path) is not a directory"
            case .system(let path, let code): "\(path): \(Descriptor.reason(code))"
            }
        }
    }

    /// Replaces `path` with `bytes`. A new file gets `mode` less the umask, as any new file does;
    /// with `exactMode` exactly `mode`, whatever the umask (the credentials file's 0600). Without
    /// `durable`, nothing is flushed: still all or nothing for readers, but a crash may lose the
    /// write or leave a torn file behind the name (so only for files whose reader checks them).
    ///
    /// A user's file (not `exactMode`) is written as `>` and `curl -o` write it: through a
    /// symbolic link to its target, and an existing file keeps its mode, owner and group. One with
    /// other hard links is written into (space reserved first, so a full disk fails before the old
    /// contents are touched), since a rename would leave the other names on the old contents; so
    /// is a device or a FIFO (`-o /dev/null`), which a rename would replace with a file.
    /// `exactMode` is for files of our own: the name itself is replaced, never followed.
    ///
    /// In a folder others can write to (`/tmp`, a shared team folder), only a regular file of this
    /// user's with no other link is replaced, and nothing is written into (`sharedFolderRefusal`).
    public static func write(_ bytes: some Collection<UInt8>, to path: String, mode: mode_t = 0o644,
                             exactMode: Bool = false, durable: Bool = true) throws(WriteError) {
        var target = path
        var existing: stat?
        if !exactMode {
            let link = linkTarget(of: path)
            if let refused = link.refused { throw WriteError(stage: .refused(refused), path: path, code: 0) }
            target = link.path
            // In a shared folder: what is there now, unfollowed, decides, and it is never written into.
            let shared = isShared(directory(of: target))
            var status = stat()
            let kind = (shared ? lstat(target, &status) : stat(target, &status)) == 0 ? status.st_mode & S_IFMT : nil
            if shared, kind != nil, let refused = sharedFolderRefusal(target, status) {
                throw WriteError(stage: .refused(refused), path: target, code: 0)
            }
            if !shared, let kind, kind != S_IFDIR, kind != S_IFREG || status.st_nlink > 1 {
                try writeInPlace(bytes, to: target, reserve: kind == S_IFREG, durable: durable)
                return
            }
            // A directory in the way fails at the rename, with nothing written.
            if kind == S_IFREG { existing = status }
        }
        let directory = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt64.random(in: .min ... .max)).tmp"
        // An existing file's mode from the start: never, even for an instant, more open than it.
        let createMode = existing.map { $0.st_mode & 0o7777 & mode_t(0o777) } ?? mode
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, createMode)
        guard descriptor >= 0 else {
            throw WriteError(stage: .create, path: directory, code: errno)
        }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        if let status = existing {
            // Best effort, as `cp -p`: the owner only root may give, the group only one of the owner's.
            _ = fchown(descriptor, status.st_uid, status.st_gid)
        }
        let keptMode = existing.map { $0.st_mode & 0o7777 }
        let failure: Int32? = if exactMode && fchmod(descriptor, mode) != 0 { errno }
            else if let keptMode, fchmod(descriptor, keptMode) != 0 { errno }
            else if let code = Descriptor.writeAll(descriptor, bytes) { code }
            else if durable && fsync(descriptor) != 0 { errno }
            else { nil }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closed {
            throw WriteError(stage: .write, path: target, code: code)
        }
        guard rename(temporary, target) == 0 else {
            throw WriteError(stage: .replace, path: target, code: errno)
        }
        renamed = true
        if durable { try syncDirectory(directory) }
    }

    /// The file a chain of symbolic links at `path` ends at (it may not exist yet, as a dangling
    /// link's target); `path` itself when it is no link. Relative links are read from their folder.
    /// A link is followed only where the kernel's `protected_symlinks` would follow it for `>`:
    /// outside a sticky folder others can write to (`/tmp`), or owned by this user or by the
    /// folder's owner. Otherwise the reason, so that another user's `/tmp/x` never sends a write
    /// to a file of this user's.
    static func linkTarget(of path: String) -> (path: String, refused: Refusal?) {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return (current, nil) }
            var folder = stat()
            if stat(directory(of: current), &folder) == 0, folder.st_mode & S_ISVTX != 0, folder.st_mode & S_IWOTH != 0,
               status.st_uid != geteuid(), status.st_uid != folder.st_uid {
                return (current, .otherUsersLink(current))
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, Int(PATH_MAX))
            guard count > 0 else { return (current, nil) }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
        }
        return (current, .linkLoop(path))
    }

    /// Whether others than this user may make names in `folder`: group or others may write to
    /// it, sticky (`/tmp`) or not.
    static func isShared(_ folder: String) -> Bool {
        var status = stat()
        return stat(folder, &status) == 0 && status.st_mode & (S_IWGRP | S_IWOTH) != 0
    }

    /// Why a file in a shared folder (`isShared`) is not written: `status` (from `lstat`: what
    /// is at the name, unfollowed) is another user's, not a regular file, or a file with more than
    /// one link — as the kernel's `protected_regular` and `protected_fifos` refuse `>` there, so
    /// that a FIFO or a hard link another user planted under the name never receives the
    /// document. Nil for nothing there or a regular file of this user's with one link: it is made
    /// anew beside the name (`O_EXCL`) and renamed over it, so nothing found there is ever opened
    /// for writing. A directory in the way fails as anywhere else.
    static func sharedFolderRefusal(_ target: String, _ status: stat?) -> Refusal? {
        guard let status, status.st_mode & S_IFMT != S_IFDIR else { return nil }
        if status.st_uid != geteuid() { return .otherUsersFile(target) }
        if status.st_mode & S_IFMT != S_IFREG { return .notRegular(target) }
        if status.st_nlink > 1 { return .hardLinked(target) }
        return nil
    }

    /// Makes a rename or an unlink in `directory` durable.
    public static func syncDirectory(_ directory: String) throws(WriteError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WriteError(stage: .syncDirectory, path: directory, code: errno)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw WriteError(stage: .syncDirectory, path: directory, code: errno)
        }
    }

    /// Why `write(_:to:)` refuses `path` whatever the permissions: another user's symbolic link
    /// in a shared sticky folder (`linkTarget`), or what a folder others can write to holds under
    /// the name (`sharedFolderRefusal`); nil otherwise.
    public static func refusal(_ path: String) -> Refusal? {
        guard !path.isEmpty else { return nil }
        let link = linkTarget(of: path)
        if let refused = link.refused { return refused }
        var status = stat()
        guard isShared(directory(of: link.path)), lstat(link.path, &status) == 0 else { return nil }
        return sharedFolderRefusal(link.path, status)
    }

    /// Whether `write(_:to:)` could write `path` now, without writing anything: it names a file
    /// (not a directory, not nothing), and its folder exists and can be written to (or, for a
    /// file written into, the file itself can), and in a folder others can write to, only a
    /// regular file of this user's with one link is in the way (`sharedFolderRefusal`). The
    /// reason when it could not.
    public static func checkWritable(_ path: String) -> Refusal? {
        guard !path.isEmpty else { return .emptyPath }
        if let refused = refusal(path) { return refused }
        let target = linkTarget(of: path).path
        let directory = directory(of: target)
        var status = stat()
        if stat(target, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { return .directory(path) }
            if status.st_mode & S_IFMT != S_IFREG || status.st_nlink > 1 {
                return access(target, W_OK) == 0 ? nil : .system(path, errno)
            }
        } else if path.hasSuffix("/") {
            return .namesDirectory(path)
        }
        guard stat(directory, &status) == 0 else { return .system(directory, errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { return .notDirectory(directory) }
        guard access(directory, W_OK) == 0 else { return .system(directory, errno) }
        return nil
    }

    /// Writes into the file at `path` itself. For a regular file the space is reserved first
    /// (`posix_fallocate`), so a full disk fails before the old contents change; then the bytes
    /// go over the old ones and the rest is cut off.
    private static func writeInPlace(_ bytes: some Collection<UInt8>, to path: String, reserve: Bool,
                                     durable: Bool) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(stage: .create, path: path, code: errno) }
        if reserve, !bytes.isEmpty {
            let code = posix_fallocate(descriptor, 0, off_t(bytes.count))
            // A file system without the call (EOPNOTSUPP) is written without the reservation.
            if code != 0 && code != EOPNOTSUPP && code != EINVAL {
                close(descriptor)
                throw WriteError(stage: .write, path: path, code: code)
            }
        }
        let failure: Int32? = if let code = Descriptor.writeAll(descriptor, bytes) { code }
            else if reserve && ftruncate(descriptor, off_t(bytes.count)) != 0 { errno }
            else if reserve && durable && fsync(descriptor) != 0 { errno }
            else { nil }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closed {
            throw WriteError(stage: .write, path: path, code: code)
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
