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
    /// cannot be read is left out; throws `storeUnavailable` when there is a store and SQLite's
    /// library cannot be loaded, as none could be read: "0 reports" would be untrue.
    public func usage() throws(ReportError) -> Usage {
        var usage = Usage()
        let now = ReportStore.now()
        let cap = CachedRequester.Freshness.maxLifetime * 1_000_000_000
        for database in databases() {
            guard case .usable = ReportStore.checkFile(database) else {
                usage.unread += 1
                continue
            }
            let connection: SQLiteConnection
            do {
                connection = try SQLiteConnection(path: database, access: .readWrite, busyTimeout: ReportStore.busyTimeout)
            } catch {
                if error.isLibraryMissing { throw .storeUnavailable(Detail(.detailSQLiteMissing)) }
                usage.unread += 1
                continue
            }
            guard (try? ReportStore.prepareSchema(connection)) != nil else {
                usage.unread += 1
                continue
            }
            var part = Usage()
            do {
                let statement = try connection.prepare("""
                    SELECT count(*), total(length(body)), count(DISTINCT CASE WHEN kind = 'report' THEN term END),
                           count(CASE WHEN fresh_until > ?1 AND fresh_until - ?1 <= ?2 THEN 1 END)
                    FROM response
                    """)
                try statement.bind([.integer(now), .integer(cap)])
                if try statement.step() {
                    part.entries = Int(statement.integer(0))
                    part.bytes = Int(statement.integer(1))
                    part.reports = Int(statement.integer(2))
                    part.fresh = Int(statement.integer(3))
                }
                statement.reset()
            } catch {
                usage.unread += 1
                continue
            }
            connection.close()
            for file in ReportStore.databaseFiles(database) {
                var status = stat()
                if lstat(file, &status) == 0 { part.fileBytes += Int(status.st_size) }
            }
            usage.add(part)
        }
        return usage
    }

    /// Removes every store, and the folders the file cache before it left: what was removed, and
    /// the paths that could not be removed. What a store held is counted when it can be read
    /// (SQLite's library is there, the file is trusted and sound); its files on disk always.
    public func clear() -> (removed: Usage, failed: [String]) {
        var removed: Usage
        do {
            removed = try usage()
        } catch {
            removed = Usage()
            removed.unread = databases().count
        }
        removed.fileBytes = 0
        var failed: [String] = []
        var old = Usage()
        for database in databases() {
            for file in ReportStore.databaseFiles(database) {
                var status = stat()
                if lstat(file, &status) == 0 { removed.fileBytes += Int(status.st_size) }
            }
            failed += ReportStore.removeDatabase(database)
        }
        for folder in oldFolders() {
            let (part, left) = Self.removeOldFolder(folder)
            old.add(part)
            failed += left
        }
        var total = removed
        total.add(old)
        return (total, failed)
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
