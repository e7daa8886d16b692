import Foundation
import Testing
import TestSupport

/// The report cache's folders and files are the user's alone whatever the umask of the process
/// that makes them: the built `report` under `umask 0`. The rest of the cache's privacy and bounds
/// run in-process (CLITests' CachePrivacyTests).
@Suite("The report cache: privacy under a umask")
struct CachePrivacyProcessTests {
    @Test func foldersAre0700AndFiles0600WhateverTheUmask() async throws {
        let cache = CacheHome()
        // umask 0 would make everything world-writable if the modes were left to it.
        let result = try await run(URL(fileURLWithPath: "/bin/sh"),
                                   ["-c", "umask 0; exec \"$0\" \"$@\"", Paths.report.path, "fetch", "1001"],
                                   environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                 "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try CacheHome.mode(cache.url) == 0o700, "a missing XDG_CACHE_HOME is made 0700")
        #expect(try CacheHome.mode(cache.folder) == 0o700)
        #expect(cache.scopes.count == 1)
        // The scope's database and whatever SQLite keeps beside it (its WAL, while it is open).
        for file in cache.files { #expect(try CacheHome.mode(file) == 0o600, "\(file.lastPathComponent)") }
        #expect(cache.entries.count == 2)
        for entry in cache.entries { #expect(try CacheHome.mode(entry) == 0o600, "\(entry.name)") }

        // A folder others may enter (as `mkdir -p` makes it) is closed on the next use.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache.folder.path)
        let again = try await run(Paths.report, ["fetch", "1001"],
                                  environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path])
        #expect(again.status == 0)
        #expect(try CacheHome.mode(cache.folder) == 0o700)
    }
}
