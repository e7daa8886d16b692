import Foundation
import Testing
import TestSupport

/// Commands and flows run in the test process on the `IOStreams` double (`reportInProcess`):
/// argument, config and write errors, piped input, and the documents, without starting a process.
@Suite("Commands in-process, on buffered streams")
struct InProcessCommandTests {
    static let demo = ["REPORT_TOKEN": "demo-access-42"]

    private func demoEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        ["REPORT_BASE_URL": ReferenceServer.demo.baseURL].merging(Self.demo) { $1 }.merging(extra) { $1 }
    }

    @Test func aMissingTermIsAUsageErrorOnStandardError() async {
        let result = await reportInProcess(["fetch"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "report: give the interview: report fetch N (or --term N; several for a batch), --terms-from FILE or --link URL; see 'report fetch --help'\n")
    }

    @Test func helpGoesToStandardOutputWithStatusZero() async {
        let result = await reportInProcess(["fetch", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: report fetch"))
        #expect(result.stderr == "")
    }

    @Test func aBadConfigFileNamesItsLineAndExits78() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-inprocess-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("[profiles.work]\nbase_url = https://example.com\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
        let result = await reportInProcess(["status"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(result.status == 78)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("report: \(folder.path)/config.toml:2: the value of base_url must be a string in double quotes"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func withJSONAnErrorIsOneObjectOnStandardError() async throws {
        let result = await reportInProcess(["fetch", "--term", "9999", "--json"], environment: demoEnvironment())
        #expect(result.status == 66)
        #expect(result.stdout == "")
        let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["code"] as? String == "not_found")
        #expect(error["exitCode"] as? Int == 66)
        #expect(error["httpStatus"] as? Int == 404)
    }

    @Test func aFullDiskIsExit74AndNamesTheStream() async {
        let result = await reportInProcess(["status"], environment: demoEnvironment(), outputFailure: ENOSPC)
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("report: could not write to standard output: No space left on device; "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A batch whose output cannot be written stops and says how far it got, in the member's
    /// language: two sentences in Korean, never joined with `;`.
    @Test func aBatchThatStoppedSaysSoInKorean() async {
        let terms = (1001...1004).flatMap { ["--term", String($0)] }
        let english = await reportInProcess(["fetch"] + terms, environment: demoEnvironment(), outputFailure: ENOSPC)
        #expect(english.status == 74)
        #expect(english.stderr.contains("; the batch stopped after "), "\(english.stderr)")
        let korean = await reportInProcess(["fetch"] + terms + ["--lang", "ko"], environment: demoEnvironment(), outputFailure: ENOSPC)
        #expect(korean.status == 74)
        #expect(korean.stderr.split(separator: "\n").count == 1, "\(korean.stderr)")
        #expect(korean.stderr.contains("건을 처리한 뒤 일괄 작업을 멈췄습니다."), "\(korean.stderr)")
        #expect(!korean.stderr.contains("batch") && !korean.stderr.contains("; "), "\(korean.stderr)")
    }

    @Test func aReaderThatHasGoneEndsQuietlyAs141() async {
        let result = await reportInProcess(["fetch", "--term", "1001"], environment: demoEnvironment(), outputFailure: EPIPE)
        #expect(result.status == 141)
        #expect(result.stderr == "")
    }

    @Test func apiSendsTheBodyPipedIntoStandardInput() async throws {
        // A server of its own: the refresh token works once.
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let body = #"{"grantType":"refresh_token","refreshToken":"demo-refresh-42"}"#
        let result = await reportInProcess(["api", "/v1/auth/token", "--input", "-"],
                                           environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"],
                                           input: body)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["accessToken"] is String, "\(result.stdout.prefix(80))")
    }

    @Test func loginReadsThePipedTokenAndStatusNamesTheMember() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-inprocess-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["REPORT_BASE_URL": server.baseURL, "XDG_CONFIG_HOME": home.path]
        let login = await reportInProcess(["auth", "login", "--with-token"], environment: environment, input: "demo-refresh-42\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stderr.contains("Signed in to \(server.baseURL) as 김은미"))
        let attributes = try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent("report/credentials.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let status = await reportInProcess(["auth", "status", "--json"], environment: environment)
        #expect(status.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(document?["source"] as? String == "stored")
        #expect((document?["member"] as? [String: Any])?["memIdx"] as? Int == 42)
        #expect(!(status.stdout.contains("demo-refresh-42")))
    }

    /// The README's newcomer signs in with the demo data's refresh token, signs out, and signs in
    /// again with the same token (it once worked once per server process).
    @Test func theDemoRefreshTokenSignsInAgainAfterALogout() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-inprocess-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["REPORT_BASE_URL": server.baseURL, "XDG_CONFIG_HOME": home.path]
        for round in 1...2 {
            let login = await reportInProcess(["auth", "login", "--with-token"], environment: environment, input: "demo-refresh-42\n")
            #expect(login.status == 0, "round \(round): \(login.stderr)")
            let fetch = await reportInProcess(["fetch", "1001", "--json"], environment: environment)
            #expect(fetch.status == 0, "round \(round): \(fetch.stderr)")
            let logout = await reportInProcess(["auth", "logout"], environment: environment)
            #expect(logout.status == 0, "round \(round): \(logout.stderr)")
        }
    }

    @Test func explainFollowsTheReportWithTheHintOfEachSectionShown() async throws {
        let result = await reportInProcess(["fetch", "--term", "1002", "--explain"], environment: demoEnvironment())
        #expect(result.status == 0, "\(result.stderr)")
        let parts = result.stdout.components(separatedBy: "How to read this report\n")
        #expect(parts.count == 2)
        // A personality interview: tips, character and keywords, in the report's order.
        let headings = parts.last?.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.split(separator: ":")[0] }
        #expect(headings == ["Tips", "Character", "Keywords"])
        let refused = await reportInProcess(["fetch", "--term", "1002", "--explain", "--json"], environment: demoEnvironment())
        #expect(refused.status == 64)
        #expect(refused.stdout == "")
    }

    @Test func argumentErrorsAreOneLineInTheOneErrorStyleAndJSONWithJSON() async throws {
        let mistyped = await reportInProcess(["fetch", "--trem", "1001"])
        #expect(mistyped.status == 64)
        #expect(mistyped.stderr.hasPrefix("report: unknown option '--trem'"), "\(mistyped.stderr)")
        #expect(mistyped.stderr.split(separator: "\n").count == 1)
        let json = await reportInProcess(["list", "--limit", "0", "--json"])
        #expect(json.status == 64)
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["code"] as? String == "usage")
        #expect(error["exitCode"] as? Int == 64)
        #expect(error["hint"] as? String == "see 'report list --help'")
    }

    @Test func aMistypedCommandGetsASuggestion() async {
        let result = await reportInProcess(["fecth", "1001"])
        #expect(result.status == 64)
        #expect(result.stderr == "report: unknown command 'fecth'; did you mean 'fetch'? (see 'report --help')\n")
        #expect(await reportInProcess(["frobnicate"]).stderr == "report: unknown command 'frobnicate'; see 'report --help' for the commands\n")
    }

    @Test func aMistypedFlagGetsASuggestionInTheSameStyle() async throws {
        let result = await reportInProcess(["fetch", "--trem", "1001"])
        #expect(result.status == 64)
        #expect(result.stderr == "report: unknown option '--trem'; did you mean '--term'? (see 'report fetch --help')\n")
        let json = await reportInProcess(["auth", "login", "--with-tokn", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["message"] as? String == "unknown option '--with-tokn'")
        #expect(error["hint"] as? String == "did you mean '--with-token'? (see 'report auth login --help')")
    }

    @Test func helpTopicsExplainWhatNoOneCommandOwns() async {
        let codes = await reportInProcess(["help", "exit-codes"])
        #expect(codes.status == 0)
        #expect(codes.stdout.contains("  75   the analysis is still running; try again later\n"))
        let environment = await reportInProcess(["help", "environment"])
        #expect(environment.stdout.contains("REPORT_TOKEN"))
        #expect(await reportInProcess(["help", "config"]).stdout.contains("[profiles.staging]"))
        let unknown = await reportInProcess(["help", "colours"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("report: no help topic or command 'colours'; topics: exit-codes, environment, config"))
        #expect(await reportInProcess(["help", "fetch"]).stdout.contains("USAGE: report fetch"))
    }

    @Test func termsMayBePlainArguments() async {
        let result = await reportInProcess(["fetch", "1001"], environment: demoEnvironment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("사람인 · iOS 개발 · 경력 3년\n"))
        let two = await reportInProcess(["fetch", "1001", "1002", "--jsonl"], environment: demoEnvironment())
        #expect(two.status == 0)
        #expect(two.stdout.split(separator: "\n").count == 2)
    }

    @Test func connectionFlagsHaveTheirOwnHeading() async {
        let help = await reportInProcess(["status", "--help"])
        #expect(help.stdout.contains("GLOBAL OPTIONS:\n  --base-url <url>"))
    }

    @Test func aWaitTimeoutWithoutWaitIsRefusedNotIgnored() async {
        let result = await reportInProcess(["fetch", "1001", "--wait-timeout", "2m"])
        #expect(result.status == 64)
        #expect(result.stderr == "report: --wait-timeout is how long --wait waits: give --wait too; see 'report fetch --help'\n")
    }

    @Test func aJUnitPathThatCannotBeWrittenFailsBeforeTheChecksRun() async {
        // No server at this address: had the checks run, the service check would fail with 68.
        let result = await reportInProcess(["check", "--junit", "/nonexistent-dir/report.xml"],
                                           environment: ["REPORT_BASE_URL": "http://127.0.0.1:9", "REPORT_TOKEN": "t"])
        #expect(result.status == 73)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("report: cannot write the JUnit report: /nonexistent-dir: No such file or directory; "))
    }

    @Test func theNextPageHintRepeatsTheFlagsGivenAndSkipsNoRow() async {
        let first = await reportInProcess(["list", "--limit", "5", "--kind", "company"], environment: demoEnvironment(),
                                          columns: 100, errorIsTerminal: true)
        #expect(first.status == 0)
        // Pages of 5: three company interviews on page 1, two on page 2; the next command goes on from page 3.
        let hint = first.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(hint == "5 shown; page 2 of 7, 35 interviews; next: report list --page 3 --limit 5 --kind company")
        let next = await reportInProcess(["list", "--page", "3", "--limit", "5", "--kind", "company"],
                                         environment: demoEnvironment(), columns: 100)
        #expect(next.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("1012 ") == true, "\(next.stdout)")
        // A limit that cuts a page: the hint's page and page size start exactly at the first row
        // not shown (the 4th), so the next command neither repeats nor skips one.
        let cut = await reportInProcess(["list", "--limit", "3", "--page-size", "5"], environment: demoEnvironment(),
                                        columns: 100, errorIsTerminal: true)
        #expect(cut.stderr.contains("next: report list --page 2 --limit 3 --page-size 3"), "\(cut.stderr)")
        let after = await reportInProcess(["list", "--page", "2", "--limit", "3", "--page-size", "3"],
                                          environment: demoEnvironment(), columns: 100)
        #expect(after.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("1002 ") == true, "\(after.stdout)")
        let last = await reportInProcess(["list", "--page", "2"], environment: demoEnvironment(), columns: 100, errorIsTerminal: true)
        #expect(last.stderr.contains("page 2 of 2, 35 interviews; that is the last page"), "\(last.stderr)")
        // In Korean, the footer too (it was English on every Korean terminal).
        let korean = await reportInProcess(["list", "--limit", "5", "--kind", "company", "--lang", "ko"], environment: demoEnvironment(),
                                           columns: 100, errorIsTerminal: true)
        #expect(korean.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                == "5건 표시 · 2/7페이지, 전체 35건 · 다음: report list --page 3 --limit 5 --kind company", "\(korean.stderr)")
        let koreanLast = await reportInProcess(["list", "--page", "2", "--lang", "ko"], environment: demoEnvironment(), columns: 100, errorIsTerminal: true)
        #expect(koreanLast.stderr.contains("2/2페이지, 전체 35건 · 마지막 페이지"), "\(koreanLast.stderr)")
        #expect(!last.stdout.split(separator: "\n").contains { $0.hasSuffix(" ") }, "no trailing spaces")
    }

    @Test func dashOWritesTheDocumentToAFileAtomicallyAndNothingToStdout() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-o-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("1001.json").path
        let result = await reportInProcess(["fetch", "1001", "--json", "-o", file], environment: demoEnvironment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        let written = try #require(FileManager.default.contents(atPath: file))
        #expect((try JSONSerialization.jsonObject(with: written) as? [String: Any])?["schemaVersion"] as? Int == 1)
        // A failure leaves the file as it was.
        let failed = await reportInProcess(["fetch", "9999", "--json", "-o", file], environment: demoEnvironment())
        #expect(failed.status == 66)
        #expect(FileManager.default.contents(atPath: file) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["1001.json"], "no temporary file left")
        // A path that cannot be written fails before any request.
        let refused = await reportInProcess(["list", "-o", "/nonexistent-dir/list.tsv"], environment: demoEnvironment())
        #expect(refused.status == 73)
        #expect(refused.stderr.hasPrefix("report: cannot write -o /nonexistent-dir: No such file or directory"))
    }

    @Test(arguments: [["fetch"], ["list"], ["hint"], ["status"], ["check"], ["api"], ["auth", "login"], ["auth", "status"],
                      ["auth", "logout"], ["auth", "token"], ["config"], ["config", "list"], ["config", "get"], ["config", "set"],
                      ["compare"], ["trend"]])
    func everyCommandsHelpHasExamples(command: [String]) async {
        let help = await reportInProcess(command + ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("EXAMPLES:\n  "), "\(command)")
        #expect(help.stdout.contains("\n  report ") || help.stdout.contains("$(report "), "\(command)")
    }

    @Test func colourFollowsTheFlagThenNOCOLORThenForceThenTheTerminal() async {
        func colours(_ arguments: [String], _ environment: [String: String], columns: Int? = nil) async -> Bool {
            let result = await reportInProcess(["status"] + arguments, environment: demoEnvironment(environment), columns: columns)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.contains("\u{1B}[")
        }
        #expect(await colours([], ["NO_COLOR": ""], columns: 80), "a terminal")
        #expect(await !colours([], ["NO_COLOR": ""]), "a pipe")
        #expect(await !colours([], ["NO_COLOR": "1"], columns: 80), "NO_COLOR")
        #expect(await colours([], ["NO_COLOR": "", "FORCE_COLOR": "1"]), "FORCE_COLOR in a pipe")
        #expect(await colours([], ["NO_COLOR": "", "CLICOLOR_FORCE": "1"]), "CLICOLOR_FORCE in a pipe")
        #expect(await !colours([], ["NO_COLOR": "", "FORCE_COLOR": "0"]), "FORCE_COLOR=0 forces nothing")
        #expect(await !colours([], ["NO_COLOR": "1", "FORCE_COLOR": "1"]), "NO_COLOR wins over FORCE_COLOR")
        #expect(await colours(["--color", "always"], ["NO_COLOR": "1"]), "the flag wins over everything")
        #expect(await !colours(["--color", "never"], ["NO_COLOR": ""], columns: 80))
        #expect(await reportInProcess(["status", "--color", "sometimes"]).status == 64)
    }

    @Test func latestFetchesTheNewestInterviewWhoseAnalysisIsDone() async {
        // 1005 and 1006 are newer but still being analysed: the newest done one is 1001.
        let latest = await reportInProcess(["fetch", "--latest", "--json"], environment: demoEnvironment())
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(latest.stdout.contains(#""termNo":1001"#))
        #expect(await reportInProcess(["fetch", "--latest", "1002"]).status == 64)
    }
}
