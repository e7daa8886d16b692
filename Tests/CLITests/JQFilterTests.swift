import Foundation
import Testing
import TestSupport

/// `--jq EXPR`: each document (each line with `--jsonl`) through a jq expression, in-process against
/// the reference server; a broken expression is a usage error before any request; a failing one
/// ends the command with nothing of its document on stdout.
@Suite("--jq")
struct JQFilterTests {
    func report(_ arguments: [String], baseURL: String = ReferenceServer.demo.baseURL, columns: Int? = nil) async -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": baseURL, "REPORT_TOKEN": "demo-access-42"], columns: columns)
    }

    /// What `--jq` prints, and its errors, in English and Korean (`jq.txt`, `jq-ko.txt`): the output
    /// is the same bytes in both; the error lines are not.
    static let goldenCommands: [[String]] = [
        ["list", "--limit", "3", "--jq", ".interviews[] | \"\\(.termNo)\\t\\(.companyName)\""],
        ["list", "--limit", "2", "--jsonl", "--jq", "{termNo, analysisStatus}"],
        ["fetch", "1001", "--jq", ".sections[] | select(.available) | .name"],
        ["compare", "1031", "1035", "--jq", ".traits[] | \"\\(.name) \\(.change)\""],
        ["trend", "--kind", "personality", "--last", "3", "--jq", ".reports | length"],
        ["status", "--jq", ".status"],
        ["api", "/v1/interviews?size=20", "--paginate", "--jq", ".items | length"],
        ["list", "--jq", ".interviews[] |||"],
        ["list", "--jq", ".total | .x"],
    ]

    @Test func theOutputAndItsErrorsMatchTheGoldenFiles() async throws {
        let server = ReferenceServer.demo
        for (suffix, language) in [("", ["--lang", "en"]), ("-ko", ["--lang", "ko"])] {
            var text = ""
            for arguments in Self.goldenCommands {
                let command = arguments + language
                let result = await report(command)
                text += "$ report \(command.joined(separator: " "))\n[exit \(result.status)]\n"
                text += "--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)\n"
            }
            try GoldenTests.compare(GoldenTests.normalized(text, baseURL: server.baseURL), toFile: "jq\(suffix).txt")
        }
    }

    @Test func stringsArePrintedRawAndOtherValuesAsCompactJSON() async throws {
        let names = await report(["list", "--limit", "3", "--jq", ".interviews[].companyName"])
        #expect(names.status == 0, "\(names.stderr)")
        #expect(names.stderr == "")
        let lines = names.stdoutLines.filter { !$0.isEmpty }
        #expect(lines.count == 3)
        #expect(!names.stdout.contains("\""), "strings raw, as gh --jq and jq -r print them")
        let objects = await report(["list", "--limit", "2", "--jq", ".interviews[] | {termNo, analysisStatus}"])
        #expect(objects.status == 0)
        for line in objects.stdoutLines where !line.isEmpty {
            #expect(line.hasPrefix("{\"termNo\":") && !line.contains(" "), "compact in a pipe: \(line)")
        }
    }

    @Test func eachJSONLinesLineIsFilteredOnItsOwn() async throws {
        let lines = await report(["list", "--all", "--page-size", "7", "--jsonl", "--jq", ".termNo"])
        #expect(lines.status == 0, "\(lines.stderr)")
        let terms = lines.stdoutLines.filter { !$0.isEmpty }.compactMap { Int($0) }
        #expect(terms.count == 35, "one result a line, every page")
        let batch = await report(["fetch", "1001", "1002", "--jq", ".interview.termNo"])
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == "1001\n1002\n", "several terms: --jq implies --jsonl")
    }

    @Test func aBrokenExpressionIsAUsageErrorBeforeAnyRequest() async throws {
        // Nothing listens on port 1: a request would end with 68.
        for language in ["en", "ko"] {
            let result = await report(["list", "--jq", ".interviews[] |||", "--lang", language], baseURL: "http://127.0.0.1:1")
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains(language == "en" ? "invalid --jq expression: syntax error" : "--jq 식이 올바르지 않습니다: syntax error"))
        }
        let undefined = await report(["status", "--json", "--jq", "nosuchfunction(1)"], baseURL: "http://127.0.0.1:1")
        #expect(undefined.status == 64)
        let json = try #require(try undefined.stderrObjects().first?["error"] as? [String: Any])
        #expect(json["code"] as? String == "usage", "with --json the error is a JSON object")
        #expect((json["message"] as? String)?.contains("nosuchfunction/1 is not defined") == true)
    }

    @Test func anImportIsRefusedNotACrash() async throws {
        // libjq 1.6 aborts on `import` unless a library path is set: the shim sets an empty one.
        let result = await report(["status", "--jq", "import \"nosuchmodule\" as m; ."], baseURL: "http://127.0.0.1:1")
        #expect(result.status == 64)
        #expect(result.stderr.contains("module not found: nosuchmodule"))
    }

    @Test func aRuntimeErrorEndsWithFiveAndNothingHalfWritten() async throws {
        let result = await report(["list", "--all", "--page-size", "5", "--jsonl", "--jq",
                                   #"if .termNo == 1020 then error("boom") else .termNo, .companyName end"#])
        #expect(result.status == 5, "\(result.stderr)")
        // --jsonl: the error is one JSON object on stderr.
        let error = try #require(try result.stderrObjects().first?["error"] as? [String: Any])
        #expect(result.stderrLines.count == 1)
        #expect(error["message"] as? String == "the --jq expression failed: boom")
        // Each interview before 1020 whole (its two results), none of 1020's, nothing after.
        let lines = result.stdoutLines.filter { !$0.isEmpty }
        #expect(lines.count % 2 == 0 && !lines.isEmpty)
        #expect(result.stdout.hasSuffix("\n"))
        #expect(!lines.contains("1020"))
        let korean = await report(["status", "--jq", ".status | .x", "--lang", "ko"])
        #expect(korean.status == 5)
        #expect(korean.stdout == "")
        #expect(korean.stderr.hasPrefix("report: --jq 식을 실행하지 못했습니다: Cannot index string with string \"x\". "), "\(korean.stderr)")
        let document = await report(["status", "--json", "--jq", ".status | .x"])
        let documentError = try #require(try document.stderrObjects().first?["error"] as? [String: Any])
        #expect(documentError["code"] as? String == "filter_failed")
        #expect(documentError["exitCode"] as? Int == 5)
    }

    @Test func aFilteredDocumentGoesToTheOutputFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-jq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("total.txt")
        let result = await report(["list", "--jq", ".total", "-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(try String(contentsOf: file, encoding: .utf8) == "35\n")
    }

    @Test func onATerminalValuesAreLaidOutAndStringsMadePrintable() async throws {
        let laidOut = await report(["list", "--limit", "1", "--jq", ".interviews[0] | {termNo}", "--color", "never"], columns: 80)
        #expect(laidOut.status == 0)
        #expect(laidOut.stdout.hasPrefix("{\n  \"termNo\": "), "\(laidOut.stdout)")
        let server = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, #"{"name":"a\u001b[2Jb"}"#)])
        defer { server.stop() }
        let shown = await report(["api", "/v1/me", "--jq", ".name"], baseURL: server.baseURL, columns: 80)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.contains("\u{1B}"), "an escape sequence in the service's text is shown, never obeyed")
        let piped = await report(["api", "/v1/me", "--jq", ".name"], baseURL: server.baseURL)
        #expect(piped.stdout == "a\u{1B}[2Jb\n", "in a pipe the string's bytes as they are")
    }

    @Test func aBodyThatIsNotJSONIsTheFilterError() async throws {
        let server = try LoopbackServer(routes: ["/v1/page": { _, connection in
            connection.respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html>hello</html>")
            return .keepAlive
        }])
        defer { server.stop() }
        let result = await report(["api", "/v1/page", "--jq", "."], baseURL: server.baseURL)
        #expect(result.status == 5)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("--jq reads JSON, and the output is not JSON"))
    }

    @Test func jqDoesNotGoWithAnotherFormat() async throws {
        let result = await report(["fetch", "1001", "--format", "markdown", "--jq", "."], baseURL: "http://127.0.0.1:1")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--jq filters JSON; it does not go with --format markdown"))
        let include = await report(["api", "/v1/me", "-i", "--jq", "."], baseURL: "http://127.0.0.1:1")
        #expect(include.status == 64)
    }
}
