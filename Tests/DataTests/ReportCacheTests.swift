import CChecksum
import Crypto
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

    static func provider(_ server: LoopbackServer, folder: Folder, use: ServiceConfiguration.Cache.Use = .revalidate,
                         token: String = "tok", build: String = "") throws -> NetworkUseCaseProvider {
        var configuration = ServiceConfiguration(baseURL: server.baseURL, credentials: .token(token), clientVersion: "test",
                                                 maxRetries: 0)
        configuration.cache = ServiceConfiguration.Cache(directory: folder.path, use: use, build: build)
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
        let store = ReportStore(folder: folder.path, scope: ReportStore.Scope(baseURL: try BaseURL(server.baseURL), token: "tok"),
                                maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        store.keep(.interview, term: 7, etag: "\"a\"", body: Data(#"{"termNo":"seven"}"#.utf8))
        store.commit()

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

        // One database: the first token's (the second's offline run made none).
        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        #expect(files.count == 1 && files[0].hasSuffix(".sqlite"), "\(files)")
        for file in files {
            #expect(!file.contains("secret-token"))
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + file))) ?? Data()
            #expect(bytes.range(of: Data("secret-token".utf8)) == nil)
        }
    }

    /// A row whose body no longer matches its checksum is not read, and is removed; an ETag that
    /// would inject a header line is not kept.
    @Test func aRowIsReadOnlyWhole() throws {
        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "tok")
        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        store.keep(.report, term: 1, etag: "\"e\"", body: Data(#"{"result":null}"#.utf8))
        store.commit()
        #expect(store.read(.report, term: 1)?.etag == "\"e\"")
        let connection = try SQLiteConnection(path: store.path, access: .readWrite)
        try connection.run("UPDATE response SET body = CAST('{\"result\":1}' AS BLOB) WHERE term = 1")
        let reopened = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        #expect(reopened.read(.report, term: 1) == nil, "its checksum does not match")
        reopened.commit()
        #expect(try connection.integer("SELECT count(*) FROM response") == 0, "and it is removed")
        #expect(!ReportStore.isKeepable(etag: "\"a\"\r\nX-Evil: 1"))
    }

    /// A kept body is written byte for byte whatever its size (an empty one is an empty blob, not
    /// NULL); the store's own connections skip the schema's CHECK on `kind`, another program's
    /// connection is still held to it.
    @Test func keptBodiesAreWrittenWholeAndTheKindCheckStillHoldsForOthers() throws {
        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "tok")
        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 22, maxBodyBytes: 1 << 21, log: nil)
        var generator = SystemRandomNumberGenerator()
        let bodies = [0, 1, 3_000, 8_192, 200_000].map { count in Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }) }
        for (term, body) in bodies.enumerated() { store.keep(.report, term: term, etag: "\"\(term)\"", body: body) }
        store.commit()
        let reader = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 22, maxBodyBytes: 1 << 21, log: nil)
        for (term, body) in bodies.enumerated() {
            #expect(reader.read(.report, term: term)?.body == body, "\(body.count) bytes")
        }
        let other = try SQLiteConnection(path: store.path, access: .readWrite)
        #expect(try other.integer("SELECT count(*) FROM response WHERE typeof(body) = 'blob'") == Int64(bodies.count))
        #expect(throws: SQLiteConnection.Failure.self) {
            try other.run("INSERT INTO response (term, kind, body, stored_at, checked_at, checksum) VALUES (9, 'audio', x'00', 1, 1, x'00')")
        }
    }

    /// A term's rows are read by kind, each its own; a checksum is compared whole: a row whose
    /// checksum differs in any one of its four bytes, or has another length, is not read.
    @Test func eachKindIsReadAsItsOwnRowAndEveryChecksumByteCounts() throws {
        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "tok")
        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        let bodies: [ReportStore.Kind: Data] = [.interview: Data(#"{"interview":1}"#.utf8), .report: Data(#"{"report":1}"#.utf8),
                                                .video: Data(#"{"video":1}"#.utf8)]
        for (kind, body) in bodies { store.keep(kind, term: 7, etag: "\"\(kind.rawValue)\"", body: body) }
        store.commit()
        let reader = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        for (kind, body) in bodies {
            #expect(reader.read(kind, term: 7) == ReportStore.Entry(etag: "\"\(kind.rawValue)\"", freshUntil: 0, body: body))
        }
        #expect(reader.read(.report, term: 8) == nil)

        let body = bodies[.report]!, crc = ReportStore.checksum(of: body)
        #expect(ReportStore.matches(body, digest: crc))
        for index in crc.indices {
            var flipped = crc
            flipped[index] ^= 0x01
            #expect(!ReportStore.matches(body, digest: flipped), "byte \(index)")
        }
        for digest in [[], Array(crc.prefix(3)), crc + [0]] {
            #expect(!ReportStore.matches(body, digest: digest), "\(digest.count) bytes")
        }
    }

    /// Each row's checksum is a CRC-32C (the instruction's, where the processor has it, and the
    /// table's agree); a store kept by schema 1, whose rows have a SHA-256, is migrated in place:
    /// its intact rows are read, a damaged one is not, and new rows get a CRC-32C.
    @Test func rowsAreCheckedByCRC32CAndAStoreOfSchema1KeepsItsRows() throws {
        #expect(ReportStore.checksum(of: Data("123456789".utf8)) == [0xE3, 0x06, 0x92, 0x83])
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 7, 8, 9, 63, 64, 65, 2_500, 40_000] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(report_crc32c(bytes, bytes.count) == report_crc32c_by_table(bytes, bytes.count), "\(count) bytes")
        }

        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "t")
        let path = folder.path + "/" + scope.name + ReportStore.fileExtension
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]))
        let intact = Data(#"{"result":{"text":"침착하게"}}"#.utf8), damaged = Data(#"{"result":{"score":80}}"#.utf8)
        let old = try SQLiteConnection(path: path, access: .readWrite)
        try old.execute("PRAGMA journal_mode = WAL; " + Self.schema1 + "PRAGMA user_version = 1;")
        try old.run("INSERT INTO response (term, kind, body, etag, stored_at, checked_at, sha256) VALUES (1, 'report', ?1, '\"a\"', 1, 1, ?2)",
                    .blob([UInt8](intact)), .blob(Array(SHA256.hash(data: intact))))
        try old.run("INSERT INTO response (term, kind, body, etag, stored_at, checked_at, sha256) VALUES (2, 'report', ?1, '\"b\"', 1, 1, ?2)",
                    .blob([UInt8](Data(#"{"result":{"score":90}}"#.utf8))), .blob(Array(SHA256.hash(data: damaged))))
        old.close()

        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        #expect(store.read(.report, term: 1) == ReportStore.Entry(etag: "\"a\"", freshUntil: 0, body: intact))
        #expect(store.read(.report, term: 2) == nil, "its SHA-256 does not match")
        store.keep(.report, term: 3, etag: nil, body: damaged)
        store.commit()
        let check = try SQLiteConnection(path: path, access: .readWrite)
        #expect(try check.integer("PRAGMA user_version") == ReportStore.schemaVersion)
        #expect(try check.integer("SELECT length(checksum) FROM response WHERE term = 1") == 32)
        #expect(try check.integer("SELECT count(*) FROM response WHERE term = 2") == 0, "the damaged row is removed")
        #expect(try check.integer("SELECT length(checksum) FROM response WHERE term = 3") == 4)
        #expect(ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
            .read(.report, term: 3)?.body == damaged)
    }

    /// Schema 1, as `report` made it before rows had a CRC-32C.
    static let schema1 = """
        CREATE TABLE IF NOT EXISTS response (
            id INTEGER PRIMARY KEY,
            term INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('interview', 'report', 'video')),
            body BLOB NOT NULL,
            etag TEXT,
            fresh_until INTEGER NOT NULL DEFAULT 0,
            stored_at INTEGER NOT NULL,
            checked_at INTEGER NOT NULL,
            sha256 BLOB NOT NULL,
            UNIQUE (term, kind)
        );
        CREATE TABLE IF NOT EXISTS sync_run (
            id INTEGER PRIMARY KEY,
            started_at INTEGER NOT NULL,
            finished_at INTEGER
        );
        """

    @Test func theStoreHasFTS5AndWAL() throws {
        let folder = Folder()
        let store = ReportStore(folder: folder.path, scope: ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "t"),
                                maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        store.keep(.interview, term: 1, etag: nil, body: Data("{}".utf8))
        store.commit()
        let connection = try SQLiteConnection(path: store.path, access: .readWrite)
        let options = try connection.prepare("PRAGMA compile_options")
        var compiled: [String] = []
        while try options.step() { compiled.append(options.text(0) ?? "") }
        #expect(compiled.contains("ENABLE_FTS5"), "\(compiled)")
        try connection.execute("CREATE VIRTUAL TABLE probe USING fts5(text); DROP TABLE probe")
        let mode = try connection.prepare("PRAGMA journal_mode")
        #expect(try mode.step() && mode.text(0) == "wal")
        #expect(try connection.integer("PRAGMA user_version") == ReportStore.schemaVersion)
    }

    @Test func aNewStoreHasPagesThatHoldSeveralReportsAndAnOlderStoreKeepsItsOwn() throws {
        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "t")
        let body = Data(#"{"result":{"text":"\#(String(repeating: "가", count: 900))"}}"#.utf8)
        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        store.keep(.report, term: 1, etag: "\"e\"", body: body)
        store.commit()
        let made = try SQLiteConnection(path: store.path, access: .readWrite)
        #expect(try made.integer("PRAGMA page_size") == Int64(ReportStore.pageSize))
        made.close()

        // A store made before, with SQLite's 4 KiB pages: read and written as it is.
        let older = Folder()
        let path = older.path + "/" + scope.name + ReportStore.fileExtension
        try FileManager.default.createDirectory(atPath: older.path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]))
        let connection = try SQLiteConnection(path: path, access: .readWrite)
        try connection.execute("PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; " + ReportStore.schema
                               + "PRAGMA user_version = \(ReportStore.schemaVersion);")
        connection.close()
        let reopened = ReportStore(folder: older.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        #expect(reopened.read(.report, term: 1) == nil)
        reopened.keep(.report, term: 1, etag: "\"e\"", body: body)
        reopened.commit()
        let again = ReportStore(folder: older.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        #expect(again.read(.report, term: 1)?.body == body)
        let check = try SQLiteConnection(path: path, access: .readWrite)
        #expect(try check.integer("PRAGMA page_size") == 4096)
    }

    @Test func aRequestsReadSeesWhatWasCommittedSinceTheBurstsFirstRead() async throws {
        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "t")
        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        store.keep(.report, term: 1, etag: "\"a\"", body: Data(#"{"result":"a"}"#.utf8))
        store.commit()
        // The requests of a batch read through one transaction; a commit in the middle of the
        // batch (64 writes waiting) must not leave them reading the snapshot before it.
        store.willStartRequest()
        #expect(store.read(.report, term: 1)?.etag == "\"a\"")
        store.keep(.report, term: 1, etag: "\"b\"", body: Data(#"{"result":"b"}"#.utf8))
        store.commit()
        #expect(store.read(.report, term: 1)?.etag == "\"b\"")
        #expect(store.read(.report, term: 1)?.body == Data(#"{"result":"b"}"#.utf8))
        store.forget(.report, term: 1)
        store.commit()
        #expect(store.read(.report, term: 1) == nil)
        await store.didFinishRequest()
        #expect(store.read(.report, term: 1) == nil)
    }

    @Test func aStoreFoundDamagedMidRunIsStartedAnewAndWhatComesAfterIsKept() throws {
        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "t")
        let lines = Mutex<[String]>([])
        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20,
                                log: { line in lines.withLock { $0.append(line) } })
        store.keep(.report, term: 1, etag: "\"a\"", body: Data(#"{"result":1}"#.utf8))
        store.commit()
        #expect(store.read(.report, term: 1)?.etag == "\"a\"")
        // Everything in the database file, then another program writes over all its pages but the first.
        let other = try SQLiteConnection(path: store.path, access: .readWrite)
        try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        other.close()
        let size = try #require(FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int)
        let handle = try #require(FileHandle(forWritingAtPath: store.path))
        try handle.seek(toOffset: UInt64(ReportStore.pageSize))
        try handle.write(contentsOf: Data(repeating: 0x5a, count: size - ReportStore.pageSize))
        try handle.close()
        #expect(store.read(.report, term: 1) == nil)
        #expect(lines.withLock { $0.contains { $0.contains("started anew") } }, "\(lines.withLock { $0 })")
        // What is kept next goes into the new file, for this process and the next.
        store.keep(.report, term: 3, etag: "\"c\"", body: Data(#"{"result":3}"#.utf8))
        store.commit()
        #expect(store.read(.report, term: 3)?.etag == "\"c\"")
        let next = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        #expect(next.read(.report, term: 3)?.etag == "\"c\"")
    }

    @Test func freshnessFollowsCacheControlAndAge() {
        func left(_ values: [String], age: String? = nil) -> Int64 {
            CachedRequester.Freshness(cacheControl: values, age: age).lifetimeLeft
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
        #expect(CachedRequester.Freshness(cacheControl: ["no-store"], age: nil).noStore)
        #expect(CachedRequester.Freshness(cacheControl: ["max-age=99999999999"], age: nil).lifetimeLeft == CachedRequester.Freshness.maxLifetime, "a day at most")
        #expect(left(["max-age=86401"]) == 86_400)
    }

    @Test func aRowKeepsItsFreshnessAndMayHaveNoETag() throws {
        let folder = Folder()
        let scope = ReportStore.Scope(baseURL: try BaseURL("http://127.0.0.1:1"), token: "tok")
        let store = ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
        store.keep(.report, term: 1, etag: nil, freshUntil: 1_764_150_000_000_000_000, body: Data("{}".utf8))
        store.commit()
        let entry = try #require(ReportStore(folder: folder.path, scope: scope, maxBytes: 1 << 20, maxBodyBytes: 1 << 20, log: nil)
            .read(.report, term: 1))
        #expect(entry == ReportStore.Entry(etag: nil, freshUntil: 1_764_150_000_000_000_000, body: Data("{}".utf8)))
        #expect(entry.isFresh(at: 1_764_149_999_000_000_000))
        #expect(!entry.isFresh(at: 1_764_150_000_000_000_000))
    }
}
