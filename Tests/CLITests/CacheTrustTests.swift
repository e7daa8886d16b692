import Foundation
import Testing
import TestSupport

/// What another local user can put in the cache's way: a FIFO in place of an entry, a link in a
/// shared cache base. In-process against the reference server's demo data.
@Suite("The report cache against another local user")
struct CacheTrustTests {
    private func report(_ arguments: [String], cache: CacheHome) async -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                       "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path])
    }

    /// A FIFO has no writer: opening it to read blocked `fetch` for ever, `--offline` too. (In
    /// place of the scope's database, which holds the entries.)
    @Test func aFIFOInPlaceOfAnEntryIsIgnoredNotWaitedFor() async throws {
        let cache = CacheHome()
        let original = await report(["fetch", "1001", "--json"], cache: cache)
        #expect(original.status == 0, "\(original.stderr)")
        let entry = try cache.entry("report-1001").database
        try FileManager.default.removeItem(at: entry)
        #expect(mkfifo(entry.path, 0o600) == 0)

        let offline = await report(["fetch", "1001", "--json", "--offline"], cache: cache)
        #expect(offline.status == 66, "not a regular file: not there (\(offline.stderr))")
        #expect(offline.stdout == "")
        let online = await report(["fetch", "1001", "--json"], cache: cache)
        #expect(online.status == 0, "\(online.stderr)")
        #expect(online.stdout == original.stdout)
    }

    /// `XDG_CACHE_HOME=/shared` (1777): another user links `/shared/report` to a folder of the
    /// victim's. The fetch used to chmod that folder 0700 and write the cache into it.
    @Test func aLinkOfAnotherUserInASharedBaseIsNotFollowed() async throws {
        let cache = CacheHome()
        let shared = cache.url
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        chmod(shared.path, 0o1777)
        let docs = shared.deletingLastPathComponent().appendingPathComponent("docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: docs) }
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        chmod(docs.path, 0o755)
        try Data("mine\n".utf8).write(to: docs.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(at: cache.folder, withDestinationURL: docs)
        #expect(lchown(cache.folder.path, 65534, 65534) == 0, "the link is another user's")

        let fetched = await report(["fetch", "1001"], cache: cache)
        #expect(fetched.status == 0, "the cache never fails a fetch: \(fetched.stderr)")
        #expect(try CacheHome.mode(docs) == 0o755, "the victim's folder keeps its mode")
        #expect(try FileManager.default.contentsOfDirectory(atPath: docs.path) == ["notes.txt"], "nothing written into it")

        let info = await report(["cache", "info"], cache: cache)
        #expect(info.status == 78)
        #expect(info.stderr.contains("\(cache.folder.path) is a symbolic link of another user (uid 65534)"), "\(info.stderr)")
    }

    /// A link of the user's own (the cache on another disk) is still followed.
    @Test func aLinkOfTheUsersOwnIsFollowed() async throws {
        let cache = CacheHome()
        try FileManager.default.createDirectory(at: cache.url, withIntermediateDirectories: true)
        let disk = cache.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: cache.folder, withDestinationURL: disk)
        #expect(await report(["fetch", "1001"], cache: cache).status == 0)
        let offline = await report(["fetch", "1001", "--offline"], cache: cache)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try CacheHome.mode(disk) == 0o700)
    }
}
