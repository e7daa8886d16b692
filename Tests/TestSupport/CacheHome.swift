import Foundation

/// An `XDG_CACHE_HOME` of a test's own, shared by the runs that pass it, and removed with it.
final class CacheHome: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("report-cache-test-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `$XDG_CACHE_HOME/report`.
    var folder: URL { url.appendingPathComponent("report") }

    /// The scope folders (one per service and member).
    var scopes: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.path < $1.path }
    }

    /// Every entry file, by its name (`report-1001`), in every scope folder.
    var entries: [URL] {
        scopes.flatMap { scope in
            ((try? FileManager.default.contentsOfDirectory(at: scope, includingPropertiesForKeys: nil)) ?? [])
                .filter { !$0.lastPathComponent.hasPrefix(".") }
        }.sorted { $0.path < $1.path }
    }

    var entryNames: Set<String> { Set(entries.map(\.lastPathComponent)) }

    /// The entry called `name`; the test fails when there is not exactly one.
    func entry(_ name: String) throws -> URL {
        let matches = entries.filter { $0.lastPathComponent == name }
        guard matches.count == 1 else { throw CacheHomeError(description: "\(matches.count) entries called \(name): \(entryNames)") }
        return matches[0]
    }

    /// The bytes of the entries added up.
    var totalBytes: Int {
        entries.reduce(0) { total, url in
            total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
        }
    }

    /// The permission bits of the file or folder at `url`.
    static func mode(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1
    }
}

struct CacheHomeError: Error, CustomStringConvertible {
    let description: String
}

/// `report` with a demo token (member 42) against `server`, its cache in `cache`.
func cachedReport(_ arguments: [String], cache: CacheHome, server: ReferenceServer = .demo,
                  token: String? = "demo-access-42", environment: [String: String] = [:]) async throws -> RunResult {
    var variables = ["REPORT_BASE_URL": server.baseURL, "XDG_CACHE_HOME": cache.url.path]
    if let token { variables["REPORT_TOKEN"] = token }
    return try await run(Paths.report, arguments, environment: variables.merging(environment) { $1 })
}

extension RunResult {
    /// The `--verbose` lines of the responses (`* ← 304 GET …`).
    var responseLines: [String] { stderrLines.filter { $0.hasPrefix("* ← ") } }
    /// The `--verbose` lines of the requests (`* → GET …`).
    var requestLines: [String] { stderrLines.filter { $0.hasPrefix("* → ") } }
}
