import Domain
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// The folder of every scope's store (`$XDG_CACHE_HOME/report`), for `report cache info` and
/// `report cache clear`, and for signing out (which removes the member's store).
///
/// The file cache that came before the store (a folder of entry files a scope, named as the
/// scope's database is without its extension) is not read into the store: its reports are fetched
/// again when asked for, and `report cache clear` (or signing out) removes its folders with the rest.
public struct ReportStoreFolder: Sendable {
    /// How much a part of the folder holds.
    public struct Usage: Sendable, Equatable {
        /// Responses kept (an interview, a report, a video report).
        public var entries = 0
        /// The bytes of their bodies.
        public var bytes = 0
        /// Terms whose analysis report is kept.
        public var reports = 0
        /// Responses fresh now: used without asking the service.
        public var fresh = 0
        /// The bytes of the database files on disk.
        public var fileBytes = 0
        /// Stores that could not be read (not trusted, damaged, or no SQLite): what they hold is
        /// not in the counts above.
        public var unread = 0

        public init() {}

        mutating func add(_ other: Usage) {
            entries += other.entries
            bytes += other.bytes
            reports += other.reports
            fresh += other.fresh
            fileBytes += other.fileBytes
            unread += other.unread
        }
    }

    public let path: String

    public init(directory: String) {
        var path = directory
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    /// The longest a row stays fresh, in seconds, whatever `max-age` the service sent.
    public static var maxFreshSeconds: Int { Int(CachedRequester.Freshness.maxLifetime) }

    /// Why the folder cannot be used (it belongs to another user, say); nil when it can or does not exist.
    public func problem() -> FolderProblem? { ReportStore.prepareFolder(path, create: false) }

    /// What every store in the folder holds. A store that is not to be trusted (`ReportStore`) or
    /// cannot be read is left out (counted in `unread`); throws `storeUnavailable` when there is a
    /// store and SQLite's library cannot be loaded, as none could be read: "0 reports" would be
    /// untrue.
    public func usage() throws(ReportError) -> Usage {
        var usage = Usage()
        let now = ReportStore.now()
        for database in databases() {
            if let part = try Self.usage(of: database, now: now) {
                usage.add(part)
            } else {
                usage.unread += 1
            }
        }
        return usage
    }

    /// What one store holds, and its files' bytes; nil when it is not trusted or cannot be read.
    private static func usage(of database: String, now: Int64) throws(ReportError) -> Usage? {
        guard case .usable = ReportStore.checkFile(database) else { return nil }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: database, access: .readWrite, busyTimeout: ReportStore.busyTimeout)
        } catch {
            if error.isLibraryMissing { throw .storeLibraryMissing }
            return nil
        }
        defer { connection.close() }
        var usage = Usage()
        do {
            try ReportStore.prepareSchema(connection)
            let statement = try connection.prepare("""
                SELECT count(*), total(length(body)), count(DISTINCT CASE WHEN kind = 'report' THEN term END),
                       count(CASE WHEN fresh_until > ?1 AND fresh_until - ?1 <= ?2 THEN 1 END)
                FROM response
                """)
            defer { statement.reset() }
            try statement.bind([.integer(now), .integer(CachedRequester.Freshness.maxLifetime * 1_000_000_000)])
            if try statement.step() {
                usage.entries = Int(statement.integer(0))
                usage.bytes = Int(statement.integer(1))
                usage.reports = Int(statement.integer(2))
                usage.fresh = Int(statement.integer(3))
            }
        } catch {
            return nil
        }
        usage.fileBytes = fileBytes(of: database)
        return usage
    }

    /// The bytes on disk of a store's database and the files SQLite keeps beside it.
    private static func fileBytes(of database: String) -> Int {
        ReportStore.databaseFiles(database).reduce(0) { total, file in
            var status = stat()
            return lstat(file, &status) == 0 ? total + Int(status.st_size) : total
        }
    }

    /// Removes every store, and the folders the file cache before it left: what was removed, and
    /// the paths that could not be removed. What a store held is counted when it can be read
    /// (SQLite's library is there, the file is trusted and sound); its files on disk always.
    public func clear() -> (removed: Usage, failed: [String]) {
        let databases = databases()
        var removed: Usage
        do {
            removed = try usage()
        } catch {
            removed = Usage()
            removed.unread = databases.count
        }
        removed.fileBytes = 0
        var failed: [String] = []
        for database in databases {
            removed.fileBytes += Self.fileBytes(of: database)
            failed += ReportStore.removeDatabase(database)
        }
        for folder in oldFolders() {
            let (part, left) = Self.removeOldFolder(folder)
            removed.add(part)
            failed += left
        }
        return (removed, failed)
    }

    /// Removes one scope's store and the file cache's folder of it (signing out).
    func clear(scope: ReportStore.Scope) {
        ReportStore.removeDatabase(path + "/" + scope.name + ReportStore.fileExtension)
        _ = Self.removeOldFolder(path + "/" + scope.name)
    }

    /// The scopes' database files.
    private func databases() -> [String] {
        Self.list(path).filter { name, isDirectory in
            !isDirectory && name.hasSuffix(ReportStore.fileExtension)
                && ReportStore.Scope.isName(name.dropLast(ReportStore.fileExtension.count))
        }.map { path + "/" + $0.name }.sorted()
    }

    /// The file cache's scope folders.
    private func oldFolders() -> [String] {
        Self.list(path).filter { name, isDirectory in isDirectory && ReportStore.Scope.isName(name) }.map { path + "/" + $0.name }
    }

    /// Removes a file cache's folder and the regular files in it: what they held, and what was left.
    private static func removeOldFolder(_ folder: String) -> (Usage, [String]) {
        var usage = Usage()
        var failed: [String] = []
        let items = list(folder)
        for (name, isDirectory) in items where !isDirectory {
            let file = folder + "/" + name
            var status = stat()
            let size = lstat(file, &status) == 0 ? Int(status.st_size) : 0
            guard unlink(file) == 0 else {
                failed.append(file)
                continue
            }
            if !(name.hasPrefix(".") && name.hasSuffix(".tmp")) {
                usage.entries += 1
                usage.bytes += size
            }
        }
        if rmdir(folder) != 0, errno != ENOENT { failed.append(folder) }
        return (usage, failed)
    }

    /// What the folder holds (not following links): names, and whether each is a folder.
    private static func list(_ folder: String) -> [(name: String, isDirectory: Bool)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var items: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            items.append((name, status.st_mode & S_IFMT == S_IFDIR))
        }
        return items
    }
}
