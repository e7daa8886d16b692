import Foundation

/// An `XDG_CACHE_HOME` of a test's own, shared by the runs that pass it, and removed with it.
public final class CacheHome: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("report-cache-test-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `$XDG_CACHE_HOME/report`.
    public var folder: URL { url.appendingPathComponent("report") }

    /// The scopes' databases (one per service and member): `<scope>.sqlite` in the folder.
    public var scopes: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "sqlite" }
            .sorted { $0.path < $1.path }
    }

    /// Every file in the folder, the databases and what SQLite keeps beside them.
    public var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.path < $1.path }
    }

    /// A kept response: its name (`report-1001`) and the database holding it.
    public struct Entry: Sendable, CustomStringConvertible {
        public let name: String
        public let database: URL
        public var description: String { name }
        var term: Int { Int(name.split(separator: "-").last ?? "") ?? 0 }
        var kind: String { String(name.split(separator: "-").first ?? "") }

        /// Runs `sql` on the entry's row (`?1` is its term, `?2` its kind): damage for a test.
        public func update(_ sql: String) throws {
            try SQLiteFile.run(sql, in: database, term: term, kind: kind)
        }
    }

    /// Every kept response in every scope's database, by its name (`report-1001`).
    public var entries: [Entry] {
        scopes.flatMap { database in
            SQLiteFile.names(in: database).map { Entry(name: $0, database: database) }
        }.sorted { ($0.database.path, $0.name) < ($1.database.path, $1.name) }
    }

    public var entryNames: Set<String> { Set(entries.map(\.name)) }

    /// The entry called `name`; the test fails when there is not exactly one.
    public func entry(_ name: String) throws -> Entry {
        let matches = entries.filter { $0.name == name }
        guard matches.count == 1 else { throw CacheHomeError(description: "\(matches.count) entries called \(name): \(entryNames)") }
        return matches[0]
    }

    /// The bytes of the kept bodies added up.
    public var totalBytes: Int {
        scopes.reduce(0) { $0 + SQLiteFile.bodyBytes(in: $1) }
    }

    /// The permission bits of the database holding `entry`.
    public static func mode(_ entry: Entry) throws -> Int {
        try mode(entry.database)
    }

    /// The permission bits of the file or folder at `url`.
    public static func mode(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1
    }
}

struct CacheHomeError: Error, CustomStringConvertible {
    let description: String
}

extension RunResult {
    /// The `--verbose` lines of the responses (`* ← 304 GET …`).
    public var responseLines: [String] { stderrLines.filter { $0.hasPrefix("* ← ") } }
    /// The `--verbose` requests: each request's line (`* → GET …`) with the header lines under it
    /// (`> If-None-Match: "…"`), one string a request.
    public var requestLines: [String] {
        let lines = stderrLines
        return lines.indices.filter { lines[$0].hasPrefix("* → ") }.map { start in
            ([lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("> ") }).joined(separator: "\n")
        }
    }
}
