import Foundation
@testable import ReportServer
import TestSupport
import Testing

/// The data directory is checked against api/openapi.yaml at start-up: every rule the document
/// sets on a wire object of the data files (required, type, enum, minimum, maximum, minLength),
/// broken one at a time by Tests/Scripts/schema_mutations.py, is refused with the file and the
/// key at fault. When the document gains a rule, this finds the check the server lacks.
@Suite struct DataValidationTests {
    struct Mutation: Decodable, CustomStringConvertible {
        var file: String
        var path: String
        var rule: String
        var text: String

        var description: String { "\(file) \(path) (\(rule))" }
    }

    static let files = ["members.json", "hints.json", "interviews/1001.json", "interviews/1002.json",
                        "interviews/1003.json", "interviews/1007.json"]

    static func mutations() async throws -> [Mutation] {
        let (status, data) = try await runPythonScript("Tests/Scripts/schema_mutations.py",
                                                       ["api/openapi.yaml", "ServerData/demo"] + files)
        guard status == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return try JSONDecoder().decode([Mutation].self, from: data)
    }

    @Test(.tags(.slow)) func everySchemaRuleBrokenInADataFileIsRefusedNamingTheFileAndKey() async throws {
        let mutations = try await Self.mutations()
        #expect(mutations.count > 200, "the script found the rules: \(mutations.count)")
        #expect(Set(mutations.map(\.rule)) == ["required", "type", "enum", "minimum", "maximum", "minLength"])
        try await withDemoDataCopy { directory in
            for mutation in mutations {
                let url = directory.appendingPathComponent(mutation.file)
                let original = try Data(contentsOf: url)
                defer { try? original.write(to: url) }
                try Data(mutation.text.utf8).write(to: url)
                do {
                    _ = try DataSet.load(from: directory)
                    Issue.record("accepted \(mutation)")
                } catch let error as DataSetError {
                    #expect(error.file == url.path, "\(mutation)")
                    #expect(error.problem.hasPrefix("\(mutation.path):"), "\(mutation): \(error.problem)")
                }
            }
        }
    }

    /// What the document says with `format`, which the mutations leave alone.
    @Test(arguments: [
        ("members.json", #""email": "eunmi.kim@example.com""#, #""email": "eunmi.kim""#,
         "members[0].email: 'eunmi.kim' is not an e-mail address"),
        ("status.json", "", #"{"status": "OK", "message": null, "until": "tomorrow"}"#, "until: 'tomorrow' is not an ISO-8601 date-time"),
        ("interviews/1001.json", #""regDate": "2026-11-02T10:15:00+09:00""#, #""regDate": "2026-11-02""#,
         "interview.regDate: '2026-11-02' is not an ISO-8601 date-time"),
    ])
    func formatsAreChecked(file: String, original: String, replacement: String, problem: String) async throws {
        try await withDemoDataCopy { directory in
            let url = directory.appendingPathComponent(file)
            let text = original.isEmpty ? replacement
                : try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: original, with: replacement)
            try Data(text.utf8).write(to: url)
            #expect(throws: DataSetError(file: url.path, problem: problem)) { try DataSet.load(from: directory) }
        }
    }

    @Test func theDemoDataIsValid() throws {
        _ = try DataSet.load(from: Paths.demoData)
    }
}
