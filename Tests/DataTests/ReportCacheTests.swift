@testable import Data
import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

/// The report cache in the Data layer: the use cases keep their Domain signatures, and what the
/// service says about a kept term (404, a new body, a body no longer final) wins over the kept
/// copy. Against a scripted server on loopback, through `NetworkUseCaseProvider`.
@Suite("Report cache, Data layer")
struct ReportCacheTests {
    static let termNo = TermNumber(7)!

    static func interview(_ status: String) -> String {
        #"{"termNo":7,"companyName":"사람인","regDate":"2026-11-02T10:15:00+09:00","itemTypeCode":"COMPANY","analysisStatus":""#
            + status + #""}"#
    }

    /// A folder of the test's own, removed at the end.
    final class Folder: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-cache-data-\(UUID().uuidString)").path
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func provider(_ server: LoopbackServer, folder: Folder, use: CacheConfiguration.Use = .revalidate,
                         token: String = "tok") throws -> NetworkUseCaseProvider {
        var configuration = ServiceConfiguration(baseURL: server.baseURL, credentials: .token(token), clientVersion: "test",
                                                 maxRetries: 0)
        configuration.cache = CacheConfiguration(directory: folder.path, use: use)
        return try NetworkUseCaseProvider(configuration: configuration)
    }

    /// Answers each request with the next of `responses` (status, ETag, body); 304 when asked
    /// with the ETag it would send.
    static func scripted(_ responses: [(Int, String, String)]) throws -> LoopbackServer {
        let next = Mutex(0)
        return try LoopbackServer(routes: ["/v1/interviews/7": { request, connection in
            let index = next.withLock { index in
                defer { index += 1 }
                return min(index, responses.count - 1)
            }
            let (status, etag, body) = responses[index]
            if request.header("If-None-Match") == etag, status == 200 {
                connection.respond(status: 304, headers: [("ETag", etag)], body: [])
            } else {
                connection.respond(status: status, headers: [("ETag", etag), ("Content-Type", "application/json")], body: body)
            }
            return .keepAlive
        }])
    }

    @Test func aTermTheServiceNoLongerKnowsIsForgotten() async throws {
        let folder = Folder()
        let server = try Self.scripted([(200, "\"a\"", Self.interview("DONE")),
                                        (404, "\"n\"", #"{"error":{"code":"not_found","message":"gone"}}"#)])
        defer { server.stop() }
        let interviews = try Self.provider(server, folder: folder).makeInterviewUseCase()
        _ = try await interviews.interview(termNo: Self.termNo)
        await #expect(throws: ReportError.self) { try await interviews.interview(termNo: Self.termNo) }

        let offline = try Self.provider(server, folder: folder, use: .offline).makeInterviewUseCase()
        await #expect(throws: ReportError.notCached(Detail(.detailNotCachedInterview))) { try await offline.interview(termNo: Self.termNo) }
    }

    @Test func anInterviewBackToPendingIsNotServedFromTheOlderCopy() async throws {
        let folder = Folder()
        let server = try Self.scripted([(200, "\"a\"", Self.interview("DONE")), (200, "\"b\"", Self.interview("PENDING"))])
        defer { server.stop() }
        let interviews = try Self.provider(server, folder: folder).makeInterviewUseCase()
        #expect(try await interviews.interview(termNo: Self.termNo).analysisStatus == .done)
        #expect(try await interviews.interview(termNo: Self.termNo).analysisStatus == .pending)
        #expect(server.requests.last?.header("If-None-Match") == "\"a\"")

        let offline = try Self.provider(server, folder: folder, use: .offline).makeInterviewUseCase()
        await #expect(throws: ReportError.self) { try await offline.interview(termNo: Self.termNo) }
    }

    @Test func aKeptBodyThatNoLongerReadsIsAskedForAgainWithoutACondition() async throws {
        let folder = Folder()
        let server = try Self.scripted([(200, "\"a\"", Self.interview("DONE"))])
        defer { server.stop() }
        // An intact entry (its checksum matches) whose body this client cannot read, as one
        // written by a version with another body shape would be.
        let cache = ReportCache(folder: CacheFolder(path: folder.path, maxBytes: 1 << 20),
                                scope: CacheScope(baseURL: try BaseURL(server.baseURL), token: "tok"),
                                maxBodyBytes: 1 << 20, log: nil)
        cache.keep("interview-7", etag: "\"a\"", body: Data(#"{"termNo":"seven"}"#.utf8))

        let interviews = try Self.provider(server, folder: folder).makeInterviewUseCase()
        #expect(try await interviews.interview(termNo: Self.termNo).companyName == "사람인")
        #expect(server.requests.map { $0.header("If-None-Match") } == ["\"a\"", nil])
        #expect(try await interviews.interview(termNo: Self.termNo).companyName == "사람인")
        #expect(server.requests.count == 3, "the rewritten entry is revalidated")
    }

    @Test func anotherTokenOrServiceHasScopesOfTheirOwnAndNoTokenIsWritten() async throws {
        let folder = Folder()
        let server = try Self.scripted([(200, "\"a\"", Self.interview("DONE"))])
        defer { server.stop() }
        _ = try await Self.provider(server, folder: folder, token: "secret-token-1").makeInterviewUseCase().interview(termNo: Self.termNo)
        let other = try Self.provider(server, folder: folder, use: .offline, token: "secret-token-2").makeInterviewUseCase()
        await #expect(throws: ReportError.self) { try await other.interview(termNo: Self.termNo) }

        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        #expect(files.count == 2, "\(files)")
        for file in files {
            #expect(!file.contains("secret-token"))
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + file))) ?? Data()
            #expect(bytes.range(of: Data("secret-token".utf8)) == nil)
        }
    }

    @Test func anEntryIsReadOnlyWholeAndForItsOwnKey() throws {
        let entry = CacheEntry(key: "abc/report-1", etag: "\"e\"", body: Data(#"{"result":null}"#.utf8))
        let bytes = entry.encoded()
        #expect(try CacheEntry.decode(bytes, key: "abc/report-1").get() == entry)
        #expect(throws: CacheEntry.Damage.self) { try CacheEntry.decode(bytes, key: "xyz/report-1").get() }
        #expect(throws: CacheEntry.Damage.self) { try CacheEntry.decode(Array(bytes.dropLast()), key: "abc/report-1").get() }
        #expect(throws: CacheEntry.Damage.self) { try CacheEntry.decode(bytes + [0x20], key: "abc/report-1").get() }
        #expect(!CacheEntry.isKeepable(etag: "\"a\"\r\nX-Evil: 1"))
    }

    @Test func freshnessFollowsCacheControlAndAge() {
        func left(_ values: [String], age: String? = nil) -> Int64 {
            CacheFreshness(cacheControl: values, age: age).lifetimeLeft
        }
        #expect(left(["private, max-age=3600"]) == 3600)
        #expect(left(["Max-Age = \"60\""]) == 60)
        #expect(left(["max-age=3600"], age: "600") == 3000)
        #expect(left(["max-age=3600"], age: "7200") == 0)
        #expect(left(["max-age=3600, no-cache"]) == 0)
        #expect(left(["max-age=3600", "must-revalidate"]) == 3600, "fresh until stale; then revalidated")
        #expect(left(["max-age=60", "max-age=3600"]) == 0, "two max-ages: stale")
        #expect(left(["max-age=-1"]) == 0)
        #expect(left(["s-maxage=3600"]) == 0, "for shared caches only")
        #expect(left([]) == 0)
        #expect(CacheFreshness(cacheControl: ["no-store"], age: nil).noStore)
        #expect(CacheFreshness(cacheControl: ["max-age=99999999999"], age: nil).lifetimeLeft == CacheFreshness.maxLifetime, "a day at most")
        #expect(left(["max-age=86401"]) == 86_400)
    }

    @Test func anEntryKeepsItsFreshnessAndMayHaveNoETag() throws {
        let entry = CacheEntry(key: "abc/report-1", etag: nil, freshUntil: 1_764_150_000_000_000_000, body: Data("{}".utf8))
        let bytes = entry.encoded()
        #expect(try CacheEntry.decode(bytes, key: "abc/report-1").get() == entry)
        #expect(CacheEntry.freshUntil(header: Array(bytes.prefix(CacheEntry.maxHeaderBytes))) == 1_764_150_000_000_000_000)
        #expect(entry.isFresh(at: 1_764_149_999_000_000_000))
        #expect(!entry.isFresh(at: 1_764_150_000_000_000_000))

        // An entry of the version before freshness was kept is still read: with its ETag, never fresh.
        let body = Data(#"{"result":null}"#.utf8)
        let version1 = "report-cache 1\nkey abc/report-1\netag \"e\"\nsha256 \(CacheEntry.digest(of: body))\nlength \(body.count)\n\n"
        let old = try CacheEntry.decode(Array(version1.utf8) + body, key: "abc/report-1").get()
        #expect(old.etag == "\"e\"" && old.freshUntil == 0 && old.body == body)
    }
}
