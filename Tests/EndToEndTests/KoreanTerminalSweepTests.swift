import Foundation
import Testing
import TestSupport

/// Every command and every error path a member can reach, under `--lang ko`, with stdout and
/// stderr on a pseudo-terminal of 100×40 (script(1)): no English sentence (`EnglishInKorean`:
/// three English words in a row outside a flag, a command, a URL, a path or a code in
/// parentheses) and no `;` between Korean sentences, on any line of either stream. A terminal is
/// the point: the list footer, progress lines and `--wait`'s lines show only there.
@Suite("A Korean terminal, swept", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"),
       .timeLimit(.minutes(10)))
struct KoreanTerminalSweepTests {
    /// Where a case's `report` goes.
    enum Service: Sendable {
        /// The demo data, signed in as member 42 (REPORT_TOKEN).
        case demo
        /// The demo data, not signed in.
        case signedOut
        /// The demo data, with stored credentials whose access token has expired and whose refresh
        /// token the service does not accept.
        case expired
        /// The demo data with faults: 1011 answers 409, 1012 429, 1013 500, 1014 502, 1015 a
        /// malformed body, 1016 after 30 s.
        case faulty
        /// In maintenance, with the service's own message and an end.
        case maintenance
        /// Nothing listens.
        case down
        /// The demo data over HTTP, asked for over HTTPS (a TLS failure).
        case tlsMismatch
        /// The demo data, with a config.toml that is not TOML.
        case badConfig
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let command: String
        let service: Service
        var testDescription: String { "\(command) [\(service)]" }
        init(_ command: String, _ service: Service = .demo) {
            self.command = command
            self.service = service
        }
    }

    static let cases: [Case] = [
        // Reports, notes, pending and failed analyses, `--wait`, batches and their progress.
        Case("fetch 1001"), Case("fetch 1001 --explain"), Case("fetch 1002 --section aptitude"), Case("fetch 1007"),
        Case("fetch 1005"), Case("fetch 1008"), Case("fetch 1005 --wait --wait-timeout 3s"),
        Case("fetch 1001 1002 1003 1005 1008 9999 2001"), Case("fetch --latest"),
        Case("fetch 1001 --format markdown"),
        // The service's refusals: another member's interview and link, none such, 409/429/5xx, a broken body.
        Case("fetch 2001"), Case("fetch 9999"), Case("fetch --link 'iamground://analysisComplete?memIdx=7&termNo=1001'"),
        Case("fetch 1011 --retries 0", .faulty), Case("fetch 1012 --retries 0", .faulty), Case("fetch 1013 --retries 0", .faulty),
        Case("fetch 1014 --retries 0", .faulty), Case("fetch 1015 --retries 0", .faulty), Case("fetch 1016 --max-time 2", .faulty),
        // Not signed in, an expired sign-in.
        Case("fetch 1001", .signedOut), Case("list", .signedOut), Case("auth status", .signedOut), Case("check", .signedOut),
        Case("fetch 1001", .expired), Case("auth status", .expired),
        // Maintenance, a service that is down, TLS.
        Case("status", .maintenance), Case("fetch 1001", .maintenance), Case("list", .maintenance),
        Case("status", .down), Case("fetch 1001", .down), Case("check", .down), Case("fetch 1001", .tlsMismatch),
        // Lists and their footers, past the last page.
        Case("list"), Case("list --limit 3"), Case("list --all"), Case("list --page 9"), Case("list --status pending"),
        // Status, check, hints, progress.
        Case("status"), Case("check"), Case("check --term 1001"), Case("check --term 1005"), Case("hint"), Case("hint aptitude"),
        Case("compare 1031 1035"), Case("compare 1035 1031"), Case("compare 1001 1002"), Case("compare --latest 2"),
        Case("compare --latest 2 --kind company"), Case("trend"), Case("trend --since 2030-01-01"), Case("trend --kind competency"),
        Case("trend --last 3"),
        // Signing in and out, configuration, the cache.
        Case("auth status"), Case("auth logout"), Case("auth login --with-token < /dev/null"),
        Case("config list"), Case("config get language"), Case("config set language ko"), Case("config set color rainbow"),
        Case("config set nothing 1"), Case("config list", .badConfig), Case("fetch 1001", .badConfig),
        Case("cache info"), Case("cache clear"), Case("fetch 1001 --offline"),
        // Help: bare command groups, pages, topics, completion.
        Case("auth"), Case("config"), Case("cache"), Case("help"), Case("help fetch"), Case("help exit-codes"),
        Case("help environment"), Case("completion --help"), Case("fetch --help"), Case("list --help"), Case("--help"),
        // Usage mistakes of every kind.
        Case("fecth 1001"), Case("fetch --sectoin tips 1001"), Case("fetch 1001 --section"), Case("fetch 1001 --section nope"),
        Case("fetch -1"), Case("fetch abc"), Case("fetch"), Case("fetch 1001 --format bogus"), Case("fetch 1001 --json --jsonl"),
        Case("fetch 1001 --wait-timeout 5s"), Case("fetch 1001 --parallel 999"), Case("fetch --latest 1001"),
        Case("fetch 1001 --offline --refresh"), Case("fetch 1001 --no-pager=yes"), Case("list --limit 0"), Case("list --page 0"),
        Case("list --page-size 500"), Case("list extra"), Case("list --kind nope"), Case("compare 1001"),
        Case("compare 1001 1002 1003"), Case("compare --latest 1"), Case("compare 1001 1002 --latest 2"),
        Case("trend --since bogus"), Case("trend --since 2026-02-01 --until 2026-01-01"), Case("trend --last 1"),
        Case("help fecth"), Case("help fetch x"), Case("--lang kr list"), Case("auth nope"), Case("config set"),
        Case("check --junit"), Case("fetch 1001 -o ''"), Case("api"), Case("completion nope"), Case("fetch 1001 --color rainbow"),
        Case("fetch 1001 --base-url nope"), Case("fetch 1001 --retries many"), Case("fetch 1001 --max-time 0"),
        // usage: arguments too many, a bad --link, short options together, a profile no file declares.
        Case("list a b c"), Case("fetch --link nope"), Case("api -iX"), Case("status --profile qa"),
    ]

    @Test("no English sentence and no ';' between sentences", arguments: cases)
    func noEnglishOnAKoreanTerminal(_ sweep: Case) async throws {
        let result = try await Self.onTerminal(sweep)
        #expect(!result.timedOut, "hung: \(result.stdout)")
        let problems = EnglishInKorean.problems(in: result.stdout)
        #expect(problems.isEmpty, "report --lang ko \(sweep.command):\n\(problems.joined(separator: "\n"))")
    }

    /// The detector finds the leaks the issue names and passes Korean with flags, commands, URLs and
    /// codes in it.
    @Test func theDetectorTellsAnEnglishSentenceFromKoreanWithCodes() {
        for english in ["report: 면접 번호 1001: the sign-in has expired: the service no longer accepts the stored refresh token",
                        "20 shown; page 1 of 2, 35 interviews; next: report list --page 2",
                        "report: trend: needs at least two interviews whose analysis is done, found 0"] {
            #expect(EnglishInKorean.englishRun(in: english) != nil, "\(english)")
        }
        for korean in ["report: 면접 번호 1005: 아직 분석 중입니다. 몇 분 뒤에 다시 시도해 주세요.",
                       "20건 표시 · 1/2페이지, 전체 35건 · 다음: report list --page 2",
                       "로그인하려면 report auth login 명령을 실행하세요(https://example.com/a/b).",
                       "서비스에 연결할 수 없습니다(Couldn't connect to server). --base-url 값을 확인하세요.",
                       "기업 면접(SITUATION) · 기본 단계", "환경 변수 REPORT_BASE_URL 또는 ~/.config/report/config.toml"] {
            #expect(EnglishInKorean.englishRun(in: korean) == nil, "\(korean)")
        }
        #expect(!EnglishInKorean.problems(in: "아직 분석 중입니다; 몇 분 뒤에 다시 시도하세요").isEmpty)
    }

    // MARK: - The world each case runs in

    /// `report --lang ko COMMAND` on a terminal of 100×40: everything the terminal showed, both
    /// streams, in the order shown.
    static func onTerminal(_ sweep: Case) async throws -> RunResult {
        var environment = ["TERM": "xterm", "REPORT_PAGER": "cat"]
        switch sweep.service {
        case .demo: environment.merge(["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]) { $1 }
        case .signedOut: environment["REPORT_BASE_URL"] = ReferenceServer.demo.baseURL
        case .expired:
            let home = try World.expiredSignIn()
            environment.merge(["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "XDG_CONFIG_HOME": home.path]) { $1 }
        case .faulty: environment.merge(["REPORT_BASE_URL": World.faulty.baseURL, "REPORT_TOKEN": "demo-access-42"]) { $1 }
        case .maintenance: environment.merge(["REPORT_BASE_URL": World.maintenance.baseURL, "REPORT_TOKEN": "demo-access-42"]) { $1 }
        case .down: environment.merge(["REPORT_BASE_URL": "http://127.0.0.1:1", "REPORT_TOKEN": "demo-access-42"]) { $1 }
        case .tlsMismatch:
            let https = ReferenceServer.demo.baseURL.replacingOccurrences(of: "http://", with: "https://")
            environment.merge(["REPORT_BASE_URL": https, "REPORT_TOKEN": "demo-access-42"]) { $1 }
        case .badConfig:
            let home = try World.configHome(config: "language = \"ko\"\n[profile\nbase_url = 3\n")
            environment.merge(["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42",
                               "XDG_CONFIG_HOME": home.path]) { $1 }
        }
        let shell = "stty rows 40 cols 100; '\(Paths.report.path)' --lang ko \(sweep.command)"
        let result = try await run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", shell, "/dev/null"],
                                   environment: environment, timeLimit: .seconds(90))
        return RunResult(status: result.status, stdout: result.stdout.replacingOccurrences(of: "\r\n", with: "\n"),
                         stderr: result.stderr, timedOut: result.timedOut)
    }

    /// The servers and folders the cases share, made once.
    enum World {
        static let faulty: ReferenceServer = {
            let rules = [(1011, 409), (1012, 429), (1013, 500), (1014, 502)].map { term, status in
                #"{"path": "/v1/analysis/report", "term": \#(term), "kind": "status", "status": \#(status)}"#
            } + [#"{"path": "/v1/analysis/report", "term": 1015, "kind": "malformed"}"#,
                 #"{"path": "/v1/analysis/report", "term": 1016, "kind": "delay", "delay": "30s"}"#]
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-sweep-faults-\(UUID().uuidString).json")
            do {
                try Data(#"{"rules": [\#(rules.joined(separator: ", "))]}"#.utf8).write(to: file)
                return try ReferenceServer(extraArguments: ["--faults", file.path])
            } catch {
                fatalError("could not start report-server with faults: \(error)")
            }
        }()

        static let maintenance: ReferenceServer = {
            do {
                return try ReferenceServer(extraArguments: ["--maintenance", "서버 점검 중입니다. 잠시 후 다시 시도해 주세요.",
                                                            "--maintenance-until", "2026-11-03T06:00:00+09:00"])
            } catch {
                fatalError("could not start report-server in maintenance: \(error)")
            }
        }()

        /// A configuration home of its own with `config` as its config.toml (when given).
        static func configHome(config: String? = nil) throws -> URL {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-sweep-\(UUID().uuidString)")
            let folder = home.appendingPathComponent("report")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if let config { try Data(config.utf8).write(to: folder.appendingPathComponent("config.toml")) }
            return home
        }

        /// A configuration home whose stored sign-in has expired and cannot be renewed.
        static func expiredSignIn() throws -> URL {
            let home = try configHome()
            let profile: [String: Any] = ["baseURL": ReferenceServer.demo.baseURL, "memIdx": 42, "accessToken": "at_expired",
                                          "accessTokenExpiresAt": Int(Date().timeIntervalSince1970) - 60,
                                          "refreshToken": "rt-spent-\(UUID().uuidString.lowercased())"]
            let data = try JSONSerialization.data(withJSONObject: ["version": 1, "profiles": ["default": profile]], options: [.sortedKeys])
            _ = FileManager.default.createFile(atPath: home.appendingPathComponent("report/credentials.json").path, contents: data,
                                               attributes: [.posixPermissions: 0o600])
            return home
        }
    }
}
