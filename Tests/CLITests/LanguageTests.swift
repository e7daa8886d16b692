import Foundation
import Testing
import TestSupport

/// The interface language: `--lang`, `language` in config.toml, the locale environment as gettext
/// reads it (without `setlocale`: this machine need not have a Korean locale), else English —
/// each origin as `config list` names it, and the language the views then speak. What a script
/// reads never changes with it.
@Suite("The interface language")
struct LanguageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let environment: [String: String]
        let language: String
        let origin: String
        let source: String
        var testDescription: String {
            (environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + arguments).joined(separator: " ")
        }
    }

    /// No locale variable unless a case sets it (testEnvironment gives LANG=C.UTF-8).
    static let noLocale = ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""]

    static let cases: [Case] = [
        Case(arguments: ["--lang", "ko"], environment: ["LANG": "en_US.UTF-8"], language: "ko", origin: "flag", source: "--lang"),
        Case(arguments: ["--lang", "en"], environment: ["LANG": "ko_KR.UTF-8"], language: "en", origin: "flag", source: "--lang"),
        Case(arguments: [], environment: ["LANG": "ko_KR.UTF-8"], language: "ko", origin: "environment", source: "LANG"),
        Case(arguments: [], environment: ["LANG": "ko_KR.utf8"], language: "ko", origin: "environment", source: "LANG"),
        // LC_ALL wins over LANG, and C (with a codeset too) translates nothing.
        Case(arguments: [], environment: ["LC_ALL": "C.UTF-8", "LANG": "ko_KR.UTF-8"], language: "en", origin: "environment", source: "LC_ALL"),
        Case(arguments: [], environment: ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], language: "ko", origin: "environment", source: "LC_ALL"),
        Case(arguments: [], environment: ["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], language: "ko", origin: "environment", source: "LC_MESSAGES"),
        // LANGUAGE comes first unless the locale is C/POSIX.
        Case(arguments: [], environment: ["LANGUAGE": "ko:en", "LANG": "en_US.UTF-8"], language: "ko", origin: "environment", source: "LANGUAGE"),
        Case(arguments: [], environment: ["LANGUAGE": "ja:ko", "LANG": "en_US.UTF-8"], language: "ko", origin: "environment", source: "LANGUAGE"),
        Case(arguments: [], environment: ["LANGUAGE": "en:ko", "LANG": "ko_KR.UTF-8"], language: "en", origin: "environment", source: "LANGUAGE"),
        Case(arguments: [], environment: ["LANGUAGE": "ko", "LC_ALL": "C"], language: "en", origin: "environment", source: "LC_ALL"),
        Case(arguments: [], environment: ["LANGUAGE": "ko", "LANG": "POSIX"], language: "en", origin: "environment", source: "LANG"),
        // No locale variable is the C locale: LANGUAGE alone does nothing.
        Case(arguments: [], environment: ["LANGUAGE": "ko"], language: "en", origin: "default", source: "built in"),
        // A language report does not speak: English.
        Case(arguments: [], environment: ["LANG": "ja_JP.UTF-8"], language: "en", origin: "environment", source: "LANG"),
        Case(arguments: [], environment: [:], language: "en", origin: "default", source: "built in"),
    ]

    @Test(arguments: cases)
    func eachOriginIsNamed(_ test: Case) async throws {
        let result = await reportInProcess(["config", "get", "language", "--json"] + test.arguments,
                                           environment: Self.noLocale.merging(test.environment) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        let setting = try result.json()
        #expect(setting["value"] as? String == test.language, "\(setting)")
        #expect(setting["origin"] as? String == test.origin, "\(setting)")
        #expect(setting["source"] as? String == test.source, "\(setting)")
    }

    @Test func configFileSetsItAboveTheEnvironmentAndBelowTheFlag() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-language-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("report/config.toml").path
        func report(_ arguments: [String], _ environment: [String: String] = [:]) async -> RunResult {
            await reportInProcess(arguments, environment: Self.noLocale.merging(["XDG_CONFIG_HOME": home.path, "LANG": "en_US.UTF-8"]) { $1 }
                .merging(environment) { $1 })
        }
        let set = await report(["config", "set", "language", "ko"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr == "Set language = \"ko\" in \(file).\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "language = \"ko\"\n")

        let fromFile = try await report(["config", "get", "language", "--json"]).json()
        #expect(fromFile["value"] as? String == "ko")
        #expect(fromFile["origin"] as? String == "file")
        #expect(fromFile["source"] as? String == "\(file):1 (language)")
        let overLocale = try await report(["config", "get", "language", "--json"], ["LC_ALL": "C.UTF-8"]).json()
        #expect(overLocale["value"] as? String == "ko", "config.toml is said on purpose; the locale is the machine's")
        let byFlag = try await report(["config", "get", "language", "--lang", "en", "--json"]).json()
        #expect(byFlag["value"] as? String == "en")
        #expect(byFlag["origin"] as? String == "flag")
        let list = await report(["config", "list"])
        #expect(list.stdout.contains("language     ko"), "\(list.stdout)")
        // config.toml chose Korean, so the origin reads in Korean.
        #expect(list.stdout.contains("(설정 파일: \(file):1 (language))"), "\(list.stdout)")

        let badValue = await report(["config", "set", "language", "fr"])
        #expect(badValue.status == 64)
        // config.toml chose Korean: the refusal is Korean too.
        #expect(badValue.stderr == "report: 'fr' 언어는 지원하지 않습니다(지원하는 언어: en, ko). 예: report config set language ko.\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "language = \"ko\"\n", "a refused set changes nothing")

        try Data("language = \"fr\"\n".utf8).write(to: URL(fileURLWithPath: file))
        // (config list lists the settings without the file, and then says its problem.)
        for arguments in [["config", "get", "language"], ["list"], ["fetch", "1001"]] {
            let broken = await report(arguments)
            #expect(broken.status == 78, "\(arguments)")
            #expect(broken.stderr.hasPrefix("report: \(file):1: language: 'fr' is not a language report speaks; use en or ko"), "\(broken.stderr)")
            #expect(broken.stderr.split(separator: "\n").count == 1, "one line: \(broken.stderr)")
        }
    }

    /// A help page and an argument error have no parsed options, and their language does not
    /// depend on settings they do not use: config.toml's `language` holds even when another
    /// setting (here REPORT_PROFILE) is one a command would refuse.
    @Test func helpAndArgumentErrorsSpeakConfigFilesLanguageWhateverElseIsSet() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-help-language-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("report"), withIntermediateDirectories: true)
        try Data("language = \"ko\"\n".utf8).write(to: home.appendingPathComponent("report/config.toml"))
        for profile in [[:], ["REPORT_PROFILE": "not a profile name"]] {
            let environment = Self.noLocale.merging(["XDG_CONFIG_HOME": home.path, "LANG": "en_US.UTF-8"]) { $1 }
                .merging(profile) { $1 }
            let help = await reportInProcess(["help", "exit-codes"], environment: environment)
            #expect(help.status == 0)
            #expect(help.stdout.hasPrefix("종료 코드\n"), "\(profile): \(help.stdout.prefix(80))")
            let mistake = await reportInProcess(["fetch", "--bogus"], environment: environment)
            #expect(mistake.status == 64)
            #expect(mistake.stderr == "report: 알 수 없는 옵션입니다: '--bogus'. 사용법은 'report fetch --help'에서 볼 수 있습니다.\n",
                    "\(profile): \(mistake.stderr)")
            // The flag still comes first.
            let english = await reportInProcess(["help", "exit-codes", "--lang", "en"], environment: environment)
            #expect(english.stdout.hasPrefix("EXIT CODES\n"), "\(profile): \(english.stdout.prefix(80))")
        }
    }

    @Test func aBadFlagValueIsAUsageError() async {
        let result = await reportInProcess(["list", "--lang", "fr"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--lang"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Before the command too: `report --lang ko config get language`.
    @Test func theFlagMayComeBeforeTheCommand() async throws {
        let setting = try await reportInProcess(["--lang", "ko", "config", "get", "language", "--json"],
                                                environment: Self.noLocale).json()
        #expect(setting["value"] as? String == "ko")
        #expect(setting["origin"] as? String == "flag")
        let help = await reportInProcess(["--help"])
        #expect(help.stdout.contains("--lang <lang>"))
    }

    /// Every command takes `--lang`.
    @Test(arguments: [["fetch", "--help"], ["list", "--help"], ["compare", "--help"], ["trend", "--help"], ["status", "--help"],
                      ["check", "--help"], ["hint", "--help"], ["api", "--help"], ["auth", "login", "--help"], ["auth", "status", "--help"],
                      ["auth", "token", "--help"], ["auth", "logout", "--help"], ["config", "list", "--help"], ["config", "get", "--help"],
                      ["config", "set", "--help"], ["cache", "info", "--help"], ["cache", "clear", "--help"]])
    func everyCommandTakesTheFlag(_ arguments: [String]) async {
        let help = await reportInProcess(arguments)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--lang <lang>"), "\(arguments)")
    }

    /// The language chosen is the one the views speak, under each way of choosing it.
    @Test func theViewsSpeakTheLanguageChosen() async throws {
        let server = ReferenceServer.demo
        let base = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"]
        let korean: [([String], [String: String])] = [
            ([], ["LANG": "ko_KR.UTF-8"]),
            ([], ["LANGUAGE": "ko:en", "LANG": "en_US.UTF-8"]),
            (["--lang", "ko"], ["LANG": "C"]),
        ]
        let english: [([String], [String: String])] = [
            ([], ["LC_ALL": "C.UTF-8", "LANG": "ko_KR.UTF-8"]),
            ([], ["LANGUAGE": "ko", "LC_ALL": "C"]),
            (["--lang", "en"], ["LANG": "ko_KR.UTF-8"]),
            ([], [:]),
        ]
        for (arguments, environment) in korean + english {
            let isKorean = korean.contains { $0.0 == arguments && $0.1 == environment }
            let env = Self.noLocale.merging(base) { $1 }.merging(environment) { $1 }
            let fetch = await reportInProcess(["fetch", "1001"] + arguments, environment: env, columns: 80)
            #expect(fetch.status == 0, "\(fetch.stderr)")
            let aptitude = isKorean ? "적성 검사 — B등급, 상위 26%(백분위 74)" : "Aptitude — grade B, top 26% (ahead of 74%)"
            #expect(fetch.stdout.contains(aptitude), "\(arguments) \(environment): \(fetch.stdout)")
            let list = await reportInProcess(["list"] + arguments, environment: env, columns: 80)
            #expect(list.stdout.hasPrefix(isKorean ? "면접 번호" : "TERM"), "\(arguments) \(environment): \(list.stdout)")
        }
    }

    /// Every command speaks the language chosen, however it was chosen — on a machine without a
    /// Korean locale installed (`locale -a` lists C, C.UTF-8 and POSIX here): the locale
    /// environment is read, never `setlocale`. Each command's output has a word of its own in each
    /// language; the Korean one must be there and the English one not, or the other way round.
    @Test(.tags(.slow)) func everyCommandSpeaksTheLanguageChosen() async throws {
        let server = ReferenceServer.demo
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-every-command-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let configured = home.appendingPathComponent("configured")
        try FileManager.default.createDirectory(at: configured.appendingPathComponent("report"), withIntermediateDirectories: true)
        try Data("language = \"ko\"\n".utf8).write(to: configured.appendingPathComponent("report/config.toml"))
        let base = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42",
                    "XDG_CONFIG_HOME": home.appendingPathComponent("plain").path]
        let setups: [(name: String, arguments: [String], environment: [String: String], korean: Bool)] = [
            ("LANG=ko_KR.UTF-8", [], ["LANG": "ko_KR.UTF-8"], true),
            ("LC_ALL=C.UTF-8 LANG=ko_KR.UTF-8", [], ["LC_ALL": "C.UTF-8", "LANG": "ko_KR.UTF-8"], false),
            ("LANGUAGE=ko:en LANG=en_US.UTF-8", [], ["LANGUAGE": "ko:en", "LANG": "en_US.UTF-8"], true),
            ("--lang ko, LANG=C", ["--lang", "ko"], ["LANG": "C"], true),
            ("config.toml language = \"ko\", LANG=C", [], ["LANG": "C", "XDG_CONFIG_HOME": configured.path], true),
        ]
        // The command, and a word only its Korean output has and one only its English output has.
        let commands: [(arguments: [String], korean: String?, english: String)] = [
            (["fetch", "1001"], "면접 팁", "Tips"),
            (["list"], "면접 번호", "TERM"),
            // In Korean the service's own title alone (`면접 팁은 이렇게 읽어요`), which English has too.
            (["hint", "tips"], nil, "Tips: "),
            (["status"], "정상 운영 중", "operational"),
            (["check"], "서비스 연결", "service at "),
            (["auth", "status"], "로그인되어 있습니다", "Signed in to"),
            (["config", "list"], "환경 변수", "(environment"),
            (["compare", "1031", "1035"], "비교", "Compare term"),
            (["trend"], "추이", "Trend over"),
            (["cache", "info"], "폴더", "directory"),
            // api prints the service's JSON: its error line is the person's.
            (["api", "/v1/nothing"], "경로를 확인하세요", "check the path"),
        ]
        for setup in setups {
            let env = Self.noLocale.merging(base) { $1 }.merging(setup.environment) { $1 }
            for command in commands {
                let result = await reportInProcess(command.arguments + setup.arguments, environment: env, columns: 80)
                let output = result.stdout + result.stderr
                let (present, absent) = setup.korean ? (command.korean, command.english) : (command.english, command.korean)
                if let present { #expect(output.contains(present), "\(setup.name) \(command.arguments): no '\(present)' in\n\(output)") }
                if let absent { #expect(!output.contains(absent), "\(setup.name) \(command.arguments): '\(absent)' in\n\(output)") }
            }
        }
    }

    /// The JSON lines of a stream.
    static func documents(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("{") || $0.hasPrefix("[") }
    }

    /// What a script reads is the same bytes in every language: each JSON document (stdout and
    /// stderr), JSON Lines, TSV in a pipe, the exit status.
    @Test(.tags(.slow)) func documentsAreTheSameBytesInEveryLanguage() async throws {
        // Not 1006: its analysis finishes after two report requests, and the interview asked for
        // beside the second one may be answered before or after the count is reached, in any language.
        let terms = GoldenTests.demoTerms.filter { $0 != "1006" }
        let commands: [[String]] = terms.map { ["fetch", $0, "--json"] } + [
            ["fetch", "1001", "--section", "video", "--json"],
            ["fetch", "--jsonl"] + terms,
            ["fetch", "9999", "--json"],
            ["list", "--json"], ["list", "--jsonl"], ["list", "--all", "--json"], ["list"],
            ["list", "--kind", "personality", "--json"],
            ["status", "--json"], ["check", "--json"], ["check", "--term", "1005", "--json"], ["hint", "tips", "--json"],
            ["compare", "1031", "1035", "--json"], ["compare", "1002", "1001", "--json"], ["compare", "--latest", "2", "--json"],
            ["trend", "--json"], ["trend", "--kind", "personality", "--json"], ["trend", "--since", "2030-01-01", "--json"],
            ["auth", "status", "--json"], ["config", "get", "base_url", "--json"],
            // Error documents on stderr: a term the service has not, a page past the last.
            ["compare", "1001", "9999", "--json"], ["trend", "9999", "1001", "--json"], ["list", "--page", "99", "--json"],
            ["fetch", "--jsonl", "1001", "9999", "1002", "1005"],
            // `check --junit FILE`: the file is compared (below), beside the lines.
            ["check", "--junit", "JUNIT"],
            ["config", "list", "--json"],
            // The cache: what it holds after the fetches above, then cleared, then empty.
            ["cache", "info", "--json"], ["cache", "clear", "--json"], ["cache", "info", "--json"], ["cache", "clear", "--json"],
            ["auth", "logout", "--json"],
        ]
        let languages: [(arguments: [String], environment: [String: String])] = [
            ([], ["LANG": "ko_KR.UTF-8"]),
            (["--lang", "ko"], [:]),
            ([], ["LANG": "C"]),
        ]
        // Each language has a server of its own: analyses that finish after some polls start
        // from the beginning, so every language asks the same questions of the same state.
        var runs: [[RunResult]] = []
        // One configuration and cache folder, at the same path in every language (`config list`
        // and `cache info` name them), emptied before each language.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-same-bytes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let junit = home.appendingPathComponent("check.xml").path
        for language in languages {
            let server = try await ReferenceServer.start()
            defer { server.stop() }
            try? FileManager.default.removeItem(at: home)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let env = Self.noLocale.merging(["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42",
                                             "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                             "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]) { $1 }
                .merging(language.environment) { $1 }
            var results: [RunResult] = []
            for command in commands {
                // A pipe: no columns.
                let result = await reportInProcess(command.map { $0 == "JUNIT" ? junit : $0 } + language.arguments, environment: env)
                // The server's port, a batch summary's and a check's durations vary from run to run.
                func normalized(_ text: String) -> String {
                    GoldenTests.normalized(text, baseURL: server.baseURL)
                        .replacingOccurrences(of: #""seconds":[0-9.]+"#, with: #""seconds":N"#, options: .regularExpression)
                        .replacingOccurrences(of: #""durationMs":[0-9]+"#, with: #""durationMs":N"#, options: .regularExpression)
                        // The store's databases on disk grow by pages as the runs before keep reports.
                        .replacingOccurrences(of: #""fileBytes":[0-9]+"#, with: #""fileBytes":N"#, options: .regularExpression)
                        .replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="N""#, options: .regularExpression)
                        // The one setting that is the language itself: its value and origin.
                        .replacingOccurrences(of: #"\{"name":"language",[^}]*\}"#, with: "LANGUAGE", options: .regularExpression)
                }
                if command.contains("JUNIT") {
                    // The lines of `check` are for a person; the file is the document.
                    let file = (try? String(contentsOfFile: junit, encoding: .utf8)) ?? ""
                    #expect(!file.isEmpty, "--junit wrote nothing")
                    results.append(RunResult(status: result.status, stdout: normalized(file), stderr: ""))
                    continue
                }
                results.append(RunResult(status: result.status, stdout: normalized(result.stdout), stderr: normalized(result.stderr)))
            }
            runs.append(results)
        }
        for (index, command) in commands.enumerated() {
            let first = runs[0][index]
            #expect(!first.stdout.isEmpty || first.status != 0, "\(command)")
            for (run, language) in zip(runs.dropFirst(), languages.dropFirst()) {
                #expect(run[index].status == first.status, "\(command) \(language)")
                #expect(run[index].stdout == first.stdout, "\(command) \(language): stdout differs")
                // stderr's documents (JSON, a line each); a note beside them (`cache clear`'s
                // `Removed …`, `list`'s page past the last) is a person's, in the person's language.
                #expect(Self.documents(run[index].stderr) == Self.documents(first.stderr), "\(command) \(language): stderr differs")
            }
        }
    }
}
