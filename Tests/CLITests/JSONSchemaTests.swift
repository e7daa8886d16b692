import Foundation
import Testing
import TestSupport

/// Every JSON document `report` prints is described by a schema under `schema/`, and real output
/// of each command (in-process, against `report-server`) is valid against it — as it is and with a field
/// added to every object, since fields may be added (scripts/check_json_schema.py checks both).
@Suite("JSON output against the published schemas")
struct JSONSchemaTests {
    /// One command's output and the schema it must match.
    struct Case: Sendable, CustomTestStringConvertible {
        enum Stream: Sendable { case stdout, stderr }
        let schema: String
        let arguments: [String]
        let stream: Stream
        let status: Int32
        var stdin: String?
        /// Only the lines of the stream that hold this key are checked (a batch's stderr has
        /// error lines and a summary line).
        var linesWith: String?

        var testDescription: String { "\(schema): report \(arguments.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(schema: "report.schema.json", arguments: ["fetch", "1001", "--json"], stream: .stdout, status: 0),
        Case(schema: "report.schema.json", arguments: ["fetch", "1005", "--json"], stream: .stdout, status: 75),
        Case(schema: "report.schema.json", arguments: ["fetch", "1001", "1002", "1003", "1004", "1007", "--jsonl"],
             stream: .stdout, status: 0),
        Case(schema: "list.schema.json", arguments: ["list", "--json", "--limit", "3"], stream: .stdout, status: 0),
        Case(schema: "list.schema.json", arguments: ["list", "--json", "--all", "--status", "failed"], stream: .stdout, status: 0),
        Case(schema: "list.schema.json", arguments: ["list", "--json", "--page", "99"], stream: .stdout, status: 0),
        Case(schema: "interview-line.schema.json", arguments: ["list", "--jsonl", "--all"], stream: .stdout, status: 0),
        Case(schema: "status.schema.json", arguments: ["status", "--json"], stream: .stdout, status: 0),
        Case(schema: "session.schema.json", arguments: ["auth", "status", "--json"], stream: .stdout, status: 0),
        Case(schema: "token.schema.json", arguments: ["auth", "token", "--json"], stream: .stdout, status: 0),
        Case(schema: "logout.schema.json", arguments: ["auth", "logout", "--json"], stream: .stdout, status: 0),
        Case(schema: "profiles.schema.json", arguments: ["auth", "list", "--json"], stream: .stdout, status: 0),
        Case(schema: "check.schema.json", arguments: ["check", "--json"], stream: .stdout, status: 0),
        Case(schema: "check.schema.json", arguments: ["check", "--json", "--term", "9999"], stream: .stdout, status: 66),
        Case(schema: "config.schema.json", arguments: ["config", "list", "--json"], stream: .stdout, status: 0),
        Case(schema: "config-setting.schema.json", arguments: ["config", "get", "base_url", "--json"], stream: .stdout, status: 0),
        Case(schema: "compare.schema.json", arguments: ["compare", "1031", "1035", "--json"], stream: .stdout, status: 0),
        Case(schema: "compare.schema.json", arguments: ["compare", "1002", "1001", "--json"], stream: .stdout, status: 0),
        Case(schema: "trend.schema.json", arguments: ["trend", "--json"], stream: .stdout, status: 0),
        Case(schema: "trend-line.schema.json", arguments: ["trend", "--jsonl", "--kind", "company"], stream: .stdout, status: 0),
        Case(schema: "trend.schema.json", arguments: ["trend", "--json", "1031", "1032", "1033", "1034", "1035"], stream: .stdout, status: 0),
        Case(schema: "trend-line.schema.json", arguments: ["trend", "--jsonl", "1031", "1032", "1033", "1034", "1035"], stream: .stdout,
             status: 0),
        Case(schema: "watch-event.schema.json", arguments: ["watch", "1001", "1008", "9999", "--jsonl"], stream: .stdout, status: 1),
        Case(schema: "watch-event.schema.json", arguments: ["watch", "1005", "--jsonl", "--wait-timeout", "1s"], stream: .stdout,
             status: 75),
        Case(schema: "hint.schema.json", arguments: ["hint", "aptitude", "--json"], stream: .stdout, status: 0),
        Case(schema: "cache.schema.json", arguments: ["cache", "info", "--json"], stream: .stdout, status: 0),
        Case(schema: "cache-clear.schema.json", arguments: ["cache", "clear", "--json"], stream: .stdout, status: 0),
        Case(schema: "sync.schema.json", arguments: ["sync", "--json"], stream: .stdout, status: 0),
        Case(schema: "sync-line.schema.json", arguments: ["sync", "--jsonl"], stream: .stdout, status: 0),
        Case(schema: "sync.schema.json", arguments: ["sync", "--jsonl"], stream: .stderr, status: 0, linesWith: "\"summary\""),
        Case(schema: "error.schema.json", arguments: ["fetch", "1001", "--offline", "--json"], stream: .stderr, status: 66),
        Case(schema: "batch-summary.schema.json", arguments: ["fetch", "--terms-from", "-", "--jsonl"], stream: .stderr,
             status: 1, stdin: "1001\nx\n9999\n", linesWith: "\"summary\""),
        Case(schema: "error.schema.json", arguments: ["fetch", "--terms-from", "-", "--jsonl"], stream: .stderr,
             status: 1, stdin: "1001\nx\n9999\n", linesWith: "\"error\""),
        Case(schema: "error.schema.json", arguments: ["fetch", "9999", "--json"], stream: .stderr, status: 66),
        Case(schema: "error.schema.json", arguments: ["fetch", "1005", "--json"], stream: .stderr, status: 75),
        Case(schema: "error.schema.json", arguments: ["fetch", "--trem", "1001", "--json"], stream: .stderr, status: 64),
        Case(schema: "error.schema.json", arguments: ["list", "--json", "--status", "finished"], stream: .stderr, status: 64),
    ]

    static let schemaFolder = Paths.repository.appendingPathComponent("schema")

    /// Schemas whose output needs reports kept first: checked by their command's own tests
    /// (`SearchCommandTests`) with this suite's `validate`.
    static let checkedElsewhere: Set<String> = ["search.schema.json", "search-line.schema.json"]

    @Test(.tags(.slow), arguments: cases)
    func outputIsValidAgainstItsSchema(_ testCase: Case) async throws {
        // `--terms-from -` reads descriptor 0 itself, which a run in-process cannot give it: the
        // lines go through a file instead (the documents differ only in the file's name).
        var arguments = testCase.arguments
        let termsFile = FileManager.default.temporaryDirectory.appendingPathComponent("report-schema-terms-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: termsFile) }
        if let stdin = testCase.stdin, let dash = arguments.firstIndex(of: "-") {
            try Data(stdin.utf8).write(to: termsFile)
            arguments[dash] = termsFile.path
        }
        let result = await reportInProcess(arguments,
                                           environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"])
        #expect(result.status == testCase.status, "\(result.stderr)")
        var text = testCase.stream == .stdout ? result.stdout : result.stderr
        if let key = testCase.linesWith {
            text = text.split(separator: "\n").filter { $0.contains(key) }.joined(separator: "\n") + "\n"
        }
        let lines = text.split(separator: "\n")
        try #require(!lines.isEmpty, "nothing to check on \(testCase.stream)")
        #expect(lines.allSatisfy { $0.contains("\"schemaVersion\":1") }, "every document says its schemaVersion: \(text)")
        let check = try await Self.validate(text, against: testCase.schema)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// `auth login --json` prints the session document too (with a harness of its own: signing
    /// in spends a refresh token).
    @Test func loginPrintsTheSessionDocument() async throws {
        let harness = try await AuthHarness.start()
        let result = try await harness.login("--json")
        let check = try await Self.validate(result.stdout, against: "session.schema.json")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        harness.expectNoTokenLeaks()
    }

    @Test func everySchemaIsCheckedAgainstRealOutput() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.schemaFolder.path)
            .filter { $0.hasSuffix(".schema.json") }
        #expect(Set(files) == Set(Self.cases.map(\.schema)).union(Self.checkedElsewhere))
    }

    /// A schema that rejected a field added later would break the README's promise: the checker
    /// tries every document with a field added to every object, and says so when that fails.
    @Test func aSchemaThatRejectsAddedFieldsFailsTheCheck() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-closed-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let closed = #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/closed.schema.json", "type": "object", "additionalProperties": false, "properties": {"schemaVersion": {"const": 1}}}"#
        try Data(closed.utf8).write(to: folder.appendingPathComponent("closed.schema.json"))
        let check = try await Self.validate(#"{"schemaVersion":1}"# + "\n", against: "closed.schema.json", in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("with a field added to every object"))
    }

    static func validate(_ documents: String, against schema: String, in folder: URL = schemaFolder) async throws -> RunResult {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-schema-\(UUID().uuidString).jsonl")
        try Data(documents.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await run(URL(fileURLWithPath: "/usr/bin/env"),
                             ["python3", Paths.repository.appendingPathComponent("scripts/check_json_schema.py").path,
                              folder.appendingPathComponent(schema).path, file.path])
    }
}
