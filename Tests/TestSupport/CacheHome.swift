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

    /// The scope folders (one per service and member).
    public var scopes: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.path < $1.path }
    }

    /// Every entry file, by its name (`report-1001`), in every scope folder.
    public var entries: [URL] {
        scopes.flatMap { scope in
            ((try? FileManager.default.contentsOfDirectory(at: scope, includingPropertiesForKeys: nil)) ?? [])
                .filter { !$0.lastPathComponent.hasPrefix(".") }
        }.sorted { $0.path < $1.path }
    }

    public var entryNames: Set<String> { Set(entries.map(\.lastPathComponent)) }

    /// The entry called `name`; the test fails when there is not exactly one.
    public func entry(_ name: String) throws -> URL {
        let matches = entries.filter { $0.lastPathComponent == name }
        guard matches.count == 1 else { throw CacheHomeError(description: "\(matches.count) entries called \(name): \(entryNames)") }
        return matches[0]
    }

    /// The bytes of the entries added up.
    public var totalBytes: Int {
        entries.reduce(0) { total, url in
            total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
        }
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
