import Foundation
@testable import ReportServer
import TestSupport
import Testing

/// Loading data directories: the demo set is valid, and a bad file is named with its problem.
@Suite struct DataSetTests {
    @Test func demoDataLoads() throws {
        let dataSet = try DataSet.load(from: Paths.demoData)
        #expect(dataSet.members.keys.sorted() == [7, 42])
        #expect(dataSet.interviews.count == 36)
        #expect(Set(dataSet.hints.keys) == Set(Hint.sections))
        #expect(dataSet.maintenance == nil)
        #expect(dataSet.interviews(of: 42).count == 35)
    }

    /// Breaks one file of a copy of the demo data and returns the load error.
    func loadError(breaking file: String, _ edit: (inout String) -> Void) async throws -> DataSetError? {
        var error: DataSetError?
        try await withDemoDataCopy { directory in
            let url = directory.appendingPathComponent(file)
            var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            edit(&text)
            try Data(text.utf8).write(to: url)
            do {
                _ = try DataSet.load(from: directory)
            } catch let loadError as DataSetError {
                error = loadError
                #expect(loadError.file == url.path, "names the file by its path")
            }
        }
        return error
    }

    @Test func scoreAboveMaximumIsNamed() async throws {
        let error = try await loadError(breaking: "interviews/1001.json") {
            $0 = $0.replacingOccurrences(of: #""score": 27, "maxScore": 40"#, with: #""score": 51, "maxScore": 40"#)
        }
        #expect(error?.problem == "report.aptitude.games[1].score: 51 is not within 0...40")
    }

    @Test func unknownLevelIsNamed() async throws {
        let error = try await loadError(breaking: "interviews/1002.json") {
            $0 = $0.replacingOccurrences(of: #""level": "HIGH""#, with: #""level": "VERY_HIGH""#)
        }
        #expect(error?.problem.hasPrefix("report.character.traits[0].level:") == true)
    }

    @Test func brokenJSONIsNamed() async throws {
        let error = try await loadError(breaking: "hints.json") { $0 = String($0.dropLast(20)) }
        #expect(error != nil)
    }

    @Test func missingKeyIsNamed() async throws {
        let error = try await loadError(breaking: "members.json") {
            $0 = $0.replacingOccurrences(of: #""email": "junho.park@example.com","#, with: "")
        }
        #expect(error?.problem == "members[1].email: missing")
    }

    @Test func fileNameMustMatchTermNo() async throws {
        let error = try await loadError(breaking: "interviews/1003.json") {
            $0 = $0.replacingOccurrences(of: #""termNo": 1003"#, with: #""termNo": 1333"#)
        }
        #expect(error?.problem.contains("1333.json") == true)
    }

    @Test func statusAndReportMustAgree() async throws {
        let error = try await loadError(breaking: "interviews/1008.json") {
            $0 = $0.replacingOccurrences(of: #""analysisStatus": "FAILED""#, with: #""analysisStatus": "DONE""#)
        }
        #expect(error?.problem == "report: a DONE interview needs a report")
    }

    /// Text from a data file reaches the operator's terminal only printable and short: an escape
    /// sequence that sets the window title and clears the screen, then 40 KB.
    @Test func aValueWithEscapeSequencesIsShownPrintableAndShort() async throws {
        let hostile = #"\u001b]0;T\u0007\u001b[2J"# + String(repeating: "x", count: 40_000)
        let error = try await loadError(breaking: "interviews/1001.json") {
            $0 = $0.replacingOccurrences(of: #""regDate": "2026-11-02T10:15:00+09:00""#, with: #""regDate": "\#(hostile)""#)
        }
        let line = try #require(error?.description)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line.debugDescription)")
        #expect(line.count < 400, "\(line.count) characters")
        #expect(error?.problem.hasPrefix("interview.regDate: ']0;T[2Jxxxx") == true, "\(line)")
        #expect(error?.problem.hasSuffix("…' is not an ISO-8601 date-time") == true, "\(line)")
    }

    @Test func aFileNameWithEscapeSequencesIsShownPrintable() async throws {
        try await withDemoDataCopy { directory in
            let folder = directory.appendingPathComponent("interviews")
            try FileManager.default.moveItem(at: folder.appendingPathComponent("1001.json"),
                                             to: folder.appendingPathComponent("\u{1B}[2J\u{07}.json"))
            let error = try #require(throws: DataSetError.self) { try DataSet.load(from: directory) }
            #expect(error.description == "\(folder.path)/[2J.json: interview.termNo is 1001; the file must be named 1001.json")
        }
    }

    @Test func aDataDirectoryNameWithEscapeSequencesIsShownPrintable() throws {
        let error = try #require(throws: DataSetError.self) {
            try DataSet.load(from: URL(fileURLWithPath: "/nonexistent/\u{1B}]0;T\u{07}data"))
        }
        #expect(error.description == "/nonexistent/]0;Tdata: no such data directory")
    }

    /// The size is checked (fstat) before a byte is read: a sparse file, no disk spent on it.
    @Test func aDataFileLargerThanTheBoundIsRefusedBeforeItIsRead() async throws {
        try await withDemoDataCopy { directory in
            let file = directory.appendingPathComponent("members.json")
            #expect(truncate(file.path, 64 << 20) == 0)
            let error = try #require(throws: DataSetError.self) { try DataSet.load(from: directory) }
            #expect(error == DataSetError(file: file.path,
                                          problem: "is 67108864 bytes, larger than 8 MiB, the most a data file may hold"))
        }
    }

    /// A FIFO in a file's place is refused at once, never waited on.
    @Test func aDataFileThatIsAFIFOIsRefusedAtOnce() async throws {
        try await withDemoDataCopy { directory in
            let file = directory.appendingPathComponent("hints.json")
            try FileManager.default.removeItem(at: file)
            #expect(mkfifo(file.path, 0o644) == 0)
            let error = try #require(throws: DataSetError.self) { try DataSet.load(from: directory) }
            #expect(error == DataSetError(file: file.path, problem: "is not a regular file"))
        }
    }

    @Test func missingDirectoryIsAnError() throws {
        #expect(throws: DataSetError.self) { try DataSet.load(from: URL(fileURLWithPath: "/nonexistent/report-data")) }
    }
}
