import Foundation
import Testing
import TestSupport

/// `--format csv` of `list`, `trend` and `compare`: the golden tables in English and Korean, the
/// byte-order mark in a file and not on stdout, and a file LibreOffice opens with its Hangul intact.
@Suite("--format csv", .serialized)
struct CSVOutputTests {
    static let commands: [[String]] = [
        ["list", "--limit", "5", "--format", "csv"],
        ["trend", "--kind", "personality", "--last", "3", "--format", "csv"],
        ["compare", "1031", "1035", "--format", "csv"],
    ]

    func report(_ arguments: [String], server: ReferenceServer = .demo) async -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"])
    }

    @Test func theTablesMatchTheGoldenFilesInEnglishAndKorean() async throws {
        let server = ReferenceServer.demo
        for (suffix, language) in [("", ["--lang", "en"]), ("-ko", ["--lang", "ko"])] {
            var text = ""
            for arguments in Self.commands {
                let command = arguments + language
                let result = await report(command)
                #expect(result.status == 0, "\(command): \(result.stderr)")
                text += "$ report \(command.joined(separator: " "))\n[exit \(result.status)]\n"
                text += "--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)\n"
            }
            try GoldenTests.compare(GoldenTests.normalized(text, baseURL: server.baseURL), toFile: "csv\(suffix).txt")
        }
    }

    @Test func aTableIsRFC4180WithTheJSONKeysAndKSTDates() async throws {
        let result = await report(["list", "--limit", "3", "--format", "csv"])
        #expect(result.status == 0)
        let records = result.stdout.components(separatedBy: "\r\n")
        #expect(records.first == "termNo,regDate,companyName,occupationName,careerName,itemTypeCode,programLevel,analysisStatus")
        #expect(records.count == 5 && records.last == "", "a header, three rows, each ended by CRLF")
        #expect(!result.stdout.hasPrefix("\u{FEFF}"), "stdout stays plain for a pipe")
        #expect(records[1].range(of: #"^\d+,2026-\d\d-\d\d \d\d:\d\d:\d\d,"#, options: .regularExpression) != nil, "\(records[1])")
        let korean = await report(["list", "--limit", "1", "--format", "csv", "--lang", "ko"])
        #expect(korean.stdout.hasPrefix("면접 번호,면접 일시(KST),기업,"))
    }

    /// `schema/NAME.csv.json` (CSV on the Web metadata) names each table's columns, in order, with
    /// their English and Korean headers: the headers written are those.
    @Test(arguments: [("list.csv.json", ["list", "--limit", "1"]), ("trend.csv.json", ["trend", "--last", "2"]),
                      ("compare.csv.json", ["compare", "1031", "1035"])])
    func theHeadersAreTheSchemasColumns(schema: String, arguments: [String]) async throws {
        let file = Paths.repository.appendingPathComponent("schema/\(schema)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(document["dc:hasVersion"] as? String == "1")
        let columns = try #require((document["tableSchema"] as? [String: Any])?["columns"] as? [[String: Any]])
        for language in ["en", "ko"] {
            let result = await report(arguments + ["--format", "csv", "--lang", language])
            #expect(result.status == 0, "\(result.stderr)")
            let header = result.stdout.components(separatedBy: "\r\n")[0]
            let titles = columns.compactMap { ($0["titles"] as? [String: String])?[language] }
            #expect(header == titles.joined(separator: ","), "\(schema) in \(language)")
        }
        #expect(columns.map { $0["name"] as? String } == columns.map { ($0["titles"] as? [String: String])?["en"] })
    }

    @Test func aFileBeginsWithAByteOrderMark() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("interviews.csv")
        let result = await report(["list", "--all", "--format", "csv", "-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try [UInt8](Data(contentsOf: file))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").count == 37, "a header and 35 rows")
    }

    @Test func csvDoesNotGoWithJSON() async throws {
        for arguments in [["list", "--json", "--format", "csv"], ["list", "--jsonl", "--format", "csv"],
                          ["trend", "--jq", ".", "--format", "csv"], ["compare", "1031", "1035", "--json", "--format", "csv"]] {
            let result = await reportInProcess(arguments, environment: ["REPORT_BASE_URL": "http://127.0.0.1:1", "REPORT_TOKEN": "t"])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
    }

    /// A written CSV opened by a spreadsheet: LibreOffice Calc, headless, reads the file and
    /// writes it out again; the Hangul comes back as it went in. (LibreOffice is another program:
    /// a process is the point here.)
    @Test(.tags(.slow), .enabled(if: CSVOutputTests.soffice != nil, "LibreOffice (scripts/bootstrap installs libreoffice-calc-nogui)"))
    func libreOfficeReadsTheHangulOfAWrittenFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-csv-lo-\(UUID().uuidString)")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("compare.csv")
        let written = await report(["compare", "1031", "1035", "--format", "csv", "--lang", "ko", "-o", file.path])
        #expect(written.status == 0, "\(written.stderr)")
        // Read as UTF-8 (filter options: comma, quote, UTF-8 — what LibreOffice's import takes a
        // file with a byte-order mark for; headless it takes the options given, and without them
        // the system's character set, which under LANG=C is not UTF-8), written back as UTF-8 CSV.
        // The mark is read as the mark: the first header is 구분, not U+FEFF 구분.
        let converted = try await run(URL(fileURLWithPath: try #require(Self.soffice)),
                                      ["--headless", "--norestore", "-env:UserInstallation=file://\(folder.path)/profile",
                                       "--infilter=CSV:44,34,76",
                                       "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", out.path, file.path],
                                      environment: ["HOME": folder.path, "LANG": "C"], timeLimit: .seconds(180))
        #expect(converted.status == 0, "\(converted.stderr)")
        let back = try String(contentsOf: out.appendingPathComponent("compare.csv"), encoding: .utf8)
        #expect(back.hasPrefix("구분,항목,측정 항목,질문 번호,질문,이전,이후,변화,이전 면접 번호,이후 면접 번호"), "\(back.prefix(200))")
        let original = try String(contentsOf: file, encoding: .utf8)
        let hangul = original.unicodeScalars.filter { (0xAC00...0xD7A3).contains($0.value) }
        #expect(!hangul.isEmpty)
        #expect(String(String.UnicodeScalarView(back.unicodeScalars.filter { (0xAC00...0xD7A3).contains($0.value) }))
                == String(String.UnicodeScalarView(hangul)), "every Hangul syllable back, in order")
    }

    static let soffice: String? = ["/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}
