@testable import Data
import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

/// The value a kept body maps to, kept beside it (`KeptForm`): read back, it is what the body
/// maps to; a form that is cut, changed or made for another body is never read.
@Suite("Kept forms")
struct KeptFormTests {
    /// Every response of the demo member, as the service sends it.
    static func demoBodies() throws -> [(name: String, interview: Data, report: Data, video: Data)] {
        let folder = Paths.repository.appendingPathComponent("ServerData/demo/interviews")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let record = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as! [String: Any]
            func body(_ value: Any) throws -> Data { try JSONSerialization.data(withJSONObject: value) }
            return (name, try body(record["interview"]!), try body(["result": record["report"] ?? NSNull()]),
                    try body(["result": record["videoReport"] ?? NSNull()]))
        }
    }

    static let maker = ReportStore.formMaker(build: "0.1.0 (test)")

    /// Maps `body` as a download is mapped, and reads the same value back from its form.
    static func roundTrip<T: KeptFormBody>(_ type: T.Type, _ body: Data) throws -> (mapped: T.Value, read: T.Value?)
    where T.Value: Equatable {
        let mapped = try T.decode(body: body).value()
        let form = T.form(of: mapped, body: body, maker: maker)
        #expect(form.withUnsafeBytes { KeptForm.isSealed($0, for: ReportStore.checksum(of: body), maker: maker) })
        return (mapped, T.value(fromForm: form))
    }

    @Test func everyDemoResponseReadsBackAsItsBodyMaps() throws {
        let bodies = try Self.demoBodies()
        #expect(bodies.count >= 35)
        var kinds = Set<String>()
        for (name, interview, report, video) in bodies {
            let terms = try Self.roundTrip(InterviewDTO.self, interview)
            #expect(terms.read == terms.mapped, "\(name): interview")
            let reports = try Self.roundTrip(AnalysisReportResponseDTO.self, report)
            #expect(reports.read == reports.mapped, "\(name): report")
            let videos = try Self.roundTrip(VideoReportResponseDTO.self, video)
            #expect(videos.read == videos.mapped, "\(name): video report")
            if case .ready(let value) = reports.mapped {
                kinds.insert(value.aptitude == nil ? "no aptitude" : "aptitude")
                kinds.insert(value.tips == nil ? "no tips" : "tips")
            } else {
                kinds.insert("pending")
            }
            kinds.insert(videos.mapped == nil ? "no video" : "video")
            kinds.insert(terms.mapped.companyName == nil ? "no company" : "company")
        }
        // The demo covers sections present and absent, so that both ways of each optional are read.
        #expect(kinds.isSuperset(of: ["aptitude", "no aptitude", "video", "no video", "tips", "pending"]), "\(kinds)")
    }

    /// What the mapping leaves as sent (a level or a type this client does not know, a negative
    /// number, an empty string) reads back the same.
    @Test func valuesAtTheEdgesReadBack() throws {
        let body = Data(#"""
            {"result":{"tips":{"summary":"","items":[]},"keyword":[],
             "character":{"type":"t","description":"\u0007줄\n바꿈","traits":[{"name":"n","score":100,"level":"VERY_HIGH","comment":"c"}]},
             "aptitude":{"grade":"E","percentile":0,"games":[{"name":"g","score":0,"maxScore":9007199254740991,"percentile":100,"comment":"🙂"}]}}}
            """#.utf8)
        let reports = try Self.roundTrip(AnalysisReportResponseDTO.self, body)
        #expect(reports.read == reports.mapped)
        let interview = Data(#"{"termNo":4294967295,"itemTypeCode":"NEW_KIND","analysisStatus":"DONE","companyName":null}"#.utf8)
        let terms = try Self.roundTrip(InterviewDTO.self, interview)
        #expect(terms.read == terms.mapped)
        let video = Data(#"{"result":{"questions":[{"no":-3,"question":"","answerSeconds":0,"speechRate":0,"gazeStability":0,"voiceStability":0,"feedback":""}]}}"#.utf8)
        let videos = try Self.roundTrip(VideoReportResponseDTO.self, video)
        #expect(videos.read == videos.mapped)
    }

    @Test func aFormCutChangedOrMadeForAnotherBodyIsNotRead() throws {
        let body = try Self.demoBodies()[0].report
        let value = try AnalysisReportResponseDTO.decode(body: body).value()
        let form = AnalysisReportResponseDTO.form(of: value, body: body, maker: Self.maker)
        let checksum = ReportStore.checksum(of: body)
        func isSealed(_ form: [UInt8], for checksum: [UInt8], maker: UInt32 = Self.maker) -> Bool {
            form.withUnsafeBytes { KeptForm.isSealed($0, for: checksum, maker: maker) }
        }
        #expect(isSealed(form, for: checksum))
        #expect(!isSealed(form, for: ReportStore.checksum(of: body + Data(" ".utf8))), "another body")
        #expect(!isSealed(form, for: [UInt8](repeating: 0, count: 32)), "a schema-1 row")
        #expect(!isSealed(form, for: checksum, maker: ReportStore.formMaker(build: "0.1.0 (abc1234 2026-12-03)")), "another build")
        for index in form.indices {
            var changed = form
            changed[index] ^= 0x20
            #expect(!isSealed(changed, for: checksum), "byte \(index) changed")
        }
        for count in 0..<form.count {
            #expect(!isSealed(Array(form.prefix(count)), for: checksum), "cut at \(count)")
        }
        // Past the checksums: a form cut anywhere, or with a byte more, does not read.
        for count in 0..<form.count {
            #expect(AnalysisReportResponseDTO.value(fromForm: Array(form.prefix(count))) == nil, "cut at \(count)")
        }
        #expect(AnalysisReportResponseDTO.value(fromForm: form + [0]) == nil)
        #expect(AnalysisReportResponseDTO.value(fromForm: form) == value)
    }

    /// A string's length that ends inside a character does not read, though the bytes are UTF-8.
    @Test func aStringCutInsideACharacterIsNotRead() throws {
        let header = KeptForm.Writer().sealed(bodyChecksum: 0, maker: Self.maker)
        let text = Array("침착".utf8)
        var whole = try KeptForm.Reader(header + [6] + text)
        #expect(try whole.string() == "침착")
        var cut = try KeptForm.Reader(header + [4] + text)
        #expect(throws: KeptForm.Unreadable.self) { try cut.string() }
    }

    /// The layout, byte for byte. When this fails, a form's layout or what it holds changed:
    /// raise `KeptForm.version` (forms kept by the builds before are then made again, not
    /// misread) and write the new bytes here.
    @Test func theLayoutIsVersioned() throws {
        let report = AnalysisResult.ready(AnalysisReport(
            tips: Tips(summary: "요약", items: [Tip(category: "answer", title: "t", body: "b")]),
            character: CharacterProfile(type: "T", description: "", traits: [Trait(name: "n", score: 86, level: .high, comment: "")]),
            aptitude: nil, keywords: ["Swift"]))
        var writer = KeptForm.Writer()
        AnalysisReportResponseDTO.write(report, to: &writer)
        let form = writer.sealed(bodyChecksum: 0x0102_0304, maker: 0x0A0B_0C0D)
        #expect(KeptForm.version == 1)
        let expected: [UInt8] = [0x52, 0x4B, 0x46, 1, 0x0A, 0x0B, 0x0C, 0x0D, 1, 2, 3, 4]
        #expect(Array(form.prefix(12)) == expected)
        let value: [UInt8] = [1, 1, 6] + Array("요약".utf8) + [1, 6] + Array("answer".utf8) + [1, 0x74, 1, 0x62]
            + [1, 1, 0x54, 0, 1, 1, 0x6E, 172, 1, 4] + Array("HIGH".utf8) + [0] + [0] + [1, 1, 5] + Array("Swift".utf8)
        #expect(Array(form.dropFirst(KeptForm.header)) == value)
        #expect(AnalysisReportResponseDTO.value(fromForm: form) == report)
    }

    // MARK: In the store

    static let termNo = TermNumber(7)!

    static func interview(company: String) -> String {
        #"{"termNo":7,"companyName":""# + company + #"","regDate":"2026-11-02T10:15:00+09:00","itemTypeCode":"COMPANY","analysisStatus":"DONE"}"#
    }

    /// The interview with ETag "a", 304 when asked with it; every request counted.
    static func server(company: String = "사람인", cacheControl: String? = nil) throws -> LoopbackServer {
        try LoopbackServer(routes: ["/v1/interviews/7": { request, connection in
            var headers = [("ETag", "\"a\""), ("Content-Type", "application/json")]
            if let cacheControl { headers.append(("Cache-Control", cacheControl)) }
            if request.header("If-None-Match") == "\"a\"" {
                connection.respond(status: 304, headers: headers, body: [])
            } else {
                connection.respond(status: 200, headers: headers, body: Self.interview(company: company))
            }
            return .keepAlive
        }])
    }

    static func database(_ folder: ReportCacheTests.Folder, _ server: LoopbackServer) throws -> SQLiteConnection {
        let scope = ReportStore.Scope(baseURL: try BaseURL(server.baseURL), token: "tok")
        return try SQLiteConnection(path: folder.path + "/" + scope.name + ReportStore.fileExtension, access: .readWrite)
    }

    /// Another program (or an older `report`) replaces a kept body and leaves the form: the new
    /// body is what is shown, and its own form replaces the old one.
    @Test func aFormIsNeverReadForAnotherBodyThanItsOwn() async throws {
        let folder = ReportCacheTests.Folder()
        let server = try Self.server()
        defer { server.stop() }
        let interviews = try ReportCacheTests.provider(server, folder: folder).makeInterviewUseCase()
        #expect(try await interviews.interview(termNo: Self.termNo).companyName == "사람인")
        let database = try Self.database(folder, server)
        defer { database.close() }
        #expect(try database.integer("SELECT count(*) FROM response WHERE form IS NULL") == 1, "a download keeps bytes only")
        #expect(try await interviews.interview(termNo: Self.termNo).companyName == "사람인")
        let made = try #require(try database.integer("SELECT length(form) FROM response WHERE kind = 'interview'"))
        #expect(made > KeptForm.header, "read back: its form is kept")

        let other = Data(Self.interview(company: "잡코리아").utf8)
        try database.run("UPDATE response SET body = ?1, checksum = ?2 WHERE kind = 'interview'",
                         .blob([UInt8](other)), .blob(ReportStore.checksum(of: other)))
        #expect(try await interviews.interview(termNo: Self.termNo).companyName == "잡코리아")
        #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"a\"", "\"a\""])
        #expect(try await interviews.interview(termNo: Self.termNo).companyName == "잡코리아", "and its new form")
    }

    /// A row kept without a form (a download, `report sync`, schema 2) gets one when it is next
    /// read: after a 304, and from a fresh row without asking (its `checked_at` unchanged).
    @Test func aRowKeptWithoutAFormGetsOneWhenNextRead() async throws {
        for cacheControl in [nil, "max-age=600"] {
            let folder = ReportCacheTests.Folder()
            let server = try Self.server(cacheControl: cacheControl)
            defer { server.stop() }
            let interviews = try ReportCacheTests.provider(server, folder: folder).makeInterviewUseCase()
            _ = try await interviews.interview(termNo: Self.termNo)
            let database = try Self.database(folder, server)
            defer { database.close() }
            try database.run("UPDATE response SET form = NULL, checked_at = 5")

            #expect(try await interviews.interview(termNo: Self.termNo).companyName == "사람인")
            #expect(try database.integer("SELECT count(*) FROM response WHERE form IS NOT NULL") == 1, "\(cacheControl ?? "no max-age")")
            let checkedAt = try database.integer("SELECT checked_at FROM response")
            if cacheControl == nil {
                #expect(server.requests.count == 2)
                #expect(checkedAt != 5, "a 304 says when it was checked")
            } else {
                #expect(server.requests.count == 1, "fresh: not asked")
                #expect(checkedAt == 5, "not asked, so not checked")
            }
        }
    }

    /// Another build of `report` (another version, or commit) does not read this one's forms: it
    /// decodes the body and keeps its own form.
    @Test func anotherBuildMakesItsOwnForms() async throws {
        let folder = ReportCacheTests.Folder()
        let server = try Self.server()
        defer { server.stop() }
        for build in ["0.1.0 (development build)", "0.1.0 (development build)", "0.2.0 (abc1234 2026-12-03)"] {
            let interviews = try ReportCacheTests.provider(server, folder: folder, build: build).makeInterviewUseCase()
            #expect(try await interviews.interview(termNo: Self.termNo).companyName == "사람인")
        }
        let connection = try Self.database(folder, server)
        defer { connection.close() }
        let statement = try connection.prepare("SELECT form FROM response")
        defer { statement.reset() }
        #expect(try statement.step())
        let maker = statement.withBytes(0) { form in form.count > 8 ? form[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } : nil } ?? nil
        #expect(maker == ReportStore.formMaker(build: "0.2.0 (abc1234 2026-12-03)"), "the newer build's form")
        #expect(server.requests.count == 3)
    }

    /// A store of schema 2 keeps its rows, which are read from their bodies and get a form.
    @Test func aStoreOfSchema2KeepsItsRows() async throws {
        let folder = ReportCacheTests.Folder()
        let server = try Self.server()
        defer { server.stop() }
        let scope = ReportStore.Scope(baseURL: try BaseURL(server.baseURL), token: "tok")
        let path = folder.path + "/" + scope.name + ReportStore.fileExtension
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]))
        let body = Data(Self.interview(company: "원티드").utf8)
        let old = try SQLiteConnection(path: path, access: .readWrite)
        #expect(!Self.schema2.contains("form"))
        try old.execute("PRAGMA journal_mode = WAL; " + Self.schema2 + "PRAGMA user_version = 2;")
        try old.run("INSERT INTO response (term, kind, body, etag, stored_at, checked_at, checksum) VALUES (7, 'interview', ?1, '\"a\"', 1, 1, ?2)",
                    .blob([UInt8](body)), .blob(ReportStore.checksum(of: body)))
        old.close()

        let interviews = try ReportCacheTests.provider(server, folder: folder).makeInterviewUseCase()
        #expect(try await interviews.interview(termNo: Self.termNo).companyName == "원티드")
        #expect(server.requests.map { $0.header("If-None-Match") } == ["\"a\""], "kept: a 304")
        let database = try SQLiteConnection(path: path, access: .readWrite)
        defer { database.close() }
        #expect(try database.integer("PRAGMA user_version") == 3)
        #expect(try database.integer("SELECT count(*) FROM response WHERE form IS NOT NULL") == 1)
    }

    /// Schema 2, as `report` made it before rows had a form: schema 3 without the column.
    static let schema2 = ReportStore.schema.replacingOccurrences(of: "    form BLOB,\n", with: "")
}
