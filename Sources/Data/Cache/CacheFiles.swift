import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// The file-system steps of the report cache, each a plain system call or two: folders made 0700
/// whatever the umask, entries read only when they are regular files of this user with mode
/// 0600, and folders listed without following links. No step throws: the cache is never the
/// reason a command fails, so each says what went wrong for the log and the caller carries on.
enum CacheFiles {
    /// A file or folder as `lstat` saw it.
    struct Item: Sendable {
        let name: String
        let isDirectory: Bool
        let isRegular: Bool
        let size: Int
        /// Nanoseconds since 1970.
        let modified: Int64
    }

    /// Makes `path` and any missing parent as 0700 (the XDG base directory specification asks
    /// that of a cache directory it creates), then checks that it is a directory of this user
    /// that no one else can enter, tightening one of this user's to 0700. The reason when it
    /// cannot be used.
    static func prepareFolder(_ path: String, create: Bool) -> String? {
        // Checked before anything is made: in a shared base (XDG_CACHE_HOME=/shared, 1777) another
        // user's link would send the folders, the chmod and the entries into a folder of theirs
        // choosing — one of this user's own, say.
        if let problem = foreignLink(in: path) { return problem }
        if create, let failure = AtomicFile.createFolders(path) {
            return "\(failure.folder) cannot be created: \(Descriptor.reason(failure.code))"
        }
        // stat, not lstat: a cache folder the user links to another disk is theirs to choose.
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? nil : "\(path): \(Descriptor.reason(errno))"
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "\(path) is not a directory" }
        guard status.st_uid == geteuid() else { return "\(path) belongs to another user (uid \(status.st_uid))" }
        // Reports are personal data: a folder of this user's that others may enter is closed.
        if status.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            return "\(path) is open to other users and cannot be closed: \(Descriptor.reason(errno))"
        }
        return nil
    }

    /// The first component of `path` that is a symbolic link owned by another user (root's
    /// are the system's), as `lstat` sees it; nil when there is none. A link of this user's own
    /// is followed: a cache folder the user links to another disk is theirs to choose.
    static func foreignLink(in path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var status = stat()
            guard lstat(prefix, &status) == 0 else { return nil }
            if status.st_mode & S_IFMT == S_IFLNK, status.st_uid != geteuid(), status.st_uid != 0 {
                return "\(prefix) is a symbolic link of another user (uid \(status.st_uid))"
            }
        }
        return nil
    }

    /// Whether `path` exists.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// What reading an entry file found.
    enum Read: Sendable {
        case bytes([UInt8])
        /// There is no such file.
        case missing
        /// A file is there but it cannot be an entry.
        case unusable(CacheEntry.Damage)
    }

    /// The bytes of the entry file at `path`: a regular file (not a link) of this user, mode 0600,
    /// at most `limit` bytes.
    static func readEntry(_ path: String, limit: Int) -> Read {
        // O_NONBLOCK: a FIFO in place of an entry must not hang the open; it is then refused below.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            return .unusable(CacheEntry.Damage(code == ELOOP ? "it is a symbolic link" : Descriptor.reason(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unusable(CacheEntry.Damage(Descriptor.reason(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .unusable(CacheEntry.Damage("not a regular file")) }
        guard status.st_uid == geteuid() else { return .unusable(CacheEntry.Damage("it belongs to another user")) }
        guard status.st_mode & 0o7777 == 0o600 else {
            return .unusable(CacheEntry.Damage("mode \(String(status.st_mode & 0o7777, radix: 8)), not 600"))
        }
        // Read for the size the file has: an entry is replaced by a rename, never grown in place.
        guard status.st_size <= limit else { return .unusable(CacheEntry.Damage("it is too large to be an entry")) }
        switch Descriptor.readAll(descriptor, limit: Int(status.st_size)) {
        case .success(let bytes): return .bytes(bytes)
        case .failure(let failure): return .unusable(CacheEntry.Damage(failure.reason))
        }
    }

    /// The first bytes (up to `maxBytes`) of the entry file at `path`, under the rules of
    /// `readEntry` (a regular file of this user, mode 0600, not a link); nil otherwise.
    static func readHead(_ path: String, maxBytes: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
              status.st_mode & 0o7777 == 0o600 else { return nil }
        guard case .success(let bytes) = Descriptor.readChunk(descriptor, maxBytes: maxBytes) else { return nil }
        return bytes
    }

    /// Replaces `path` with `bytes`, mode 0600 whatever the umask, atomically (a reader sees the
    /// old entry or the new one) but without flushing: a crash may lose an entry, which is then
    /// fetched again, or tear one, which then fails its checksum and is ignored.
    static func writeEntry(_ bytes: [UInt8], to path: String) -> String? {
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(bytes, to: path, mode: 0o600, exactMode: true, durable: false)
            return nil
        } catch {
            return error.description
        }
    }

    /// Removes the file at `path`; true when it was there.
    @discardableResult
    static func remove(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// Sets the file's modification time to now: the entry was just used, so it is the last to go.
    static func touch(_ path: String) -> Bool {
        utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// Now, in nanoseconds since 1970.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// What the folder holds (not following links); empty when it cannot be read.
    static func list(_ folder: String) -> [Item] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var items: [Item] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let kind = status.st_mode & S_IFMT
            items.append(Item(name: name, isDirectory: kind == S_IFDIR, isRegular: kind == S_IFREG,
                              size: Int(status.st_size),
                              modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)))
        }
        return items
    }

    /// Whether `name` is a temporary file of `AtomicFile` (`.NAME.PID.RANDOM.tmp`).
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp")
    }

    static func removeFolder(_ path: String) -> Bool {
        rmdir(path) == 0
    }
}
