import Foundation
import Testing
import TestSupport

/// The lines whose words are made below the catalog — the Data layer's error details, libcurl's
/// reasons, config.toml's problems — and the CLI's own lines that did not go through it (`config
/// set`, `list` past its last page, `--terms-from`'s errors, `config list`'s credentials) read in
/// Korean under `--lang ko`; the `--json` error document stays the English one, byte for byte.
@Suite("Korean lines below the catalog")
struct KoreanDetailTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]

    /// `report … --lang ko` and the same with `--json` under Korean and English: the line a
    /// person reads, and the two error documents (which must be the same bytes).
    func run(_ arguments: [String], environment: [String: String]) async -> (line: String, korean: RunResult, english: RunResult) {
        let line = await reportInProcess(arguments, environment: environment.merging(Self.korean) { $1 })
        let korean = await reportInProcess(arguments + ["--json"], environment: environment.merging(Self.korean) { $1 })
        let english = await reportInProcess(arguments + ["--json"], environment: environment.merging(["LANG": "C"]) { $1 })
        return (line.stderr, korean, english)
    }

    func expectKorean(_ line: String, has korean: String, not english: [String],
                      _ korean2: RunResult, _ english2: RunResult, timing: Bool = false,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(line.contains(korean), "\(line)", sourceLocation: sourceLocation)
        for phrase in english {
            #expect(!line.contains(phrase), "English left: \(phrase) in \(line)", sourceLocation: sourceLocation)
        }
        // libcurl's durations vary from run to run (`after 0 ms`, `after 3 ms`); a timeout's
        // reason too (a stall or libcurl's own clock, whichever comes first): `timing` compares
        // the document without its message.
        func normalized(_ text: String) -> String {
            let text = text.replacingOccurrences(of: #"[0-9]+ (ms|milliseconds)"#, with: "N $1", options: .regularExpression)
            return timing ? text.replacingOccurrences(of: #""message":"[^"]*""#, with: #""message":M"#, options: .regularExpression) : text
        }
        #expect(normalized(korean2.stderr) == normalized(english2.stderr), "the --json error document is the same bytes",
                sourceLocation: sourceLocation)
        #expect(korean2.status == english2.status, sourceLocation: sourceLocation)
        #expect(english2.stderr.contains(english.first ?? ""), "\(english2.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aRefusalOfTheCredentials() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.statuses([401])])
        defer { server.stop() }
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "서비스가 인증 정보를 받아들이지 않았습니다: boom (HTTP 401 internal)",
                     not: ["the service did not accept the credentials"], run.korean, run.english)
    }

    @Test func aRejectedRequest() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.statuses([400])])
        defer { server.stop() }
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "서비스가 요청을 거부했습니다: boom (HTTP 400 internal)",
                     not: ["the service rejected the request"], run.korean, run.english)
    }

    @Test func anUnexpectedStatus() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.statuses([304])])
        defer { server.stop() }
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "서비스가 요청하지 않은 304 Not Modified로 응답했습니다",
                     not: ["the service answered 304 Not Modified", "cached copy"], run.korean, run.english)
    }

    @Test func aConnectionRefused() async throws {
        // A port nothing listens on: a server's, stopped.
        let server = try LoopbackServer(routes: [:])
        let base = server.baseURL
        server.stop()
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": base, "REPORT_TOKEN": "t"])
        // Said by libcurl's code and the socket's errno, not found again from libcurl's words.
        expectKorean(run.line, has: "서비스에 연결할 수 없습니다: 127.0.0.1 포트 \(server.port)에서 연결을 거부했습니다(ECONNREFUSED).",
                     not: ["Failed to connect", "Couldn't connect", "could not reach"], run.korean, run.english)
        #expect(EnglishInKorean.englishRun(in: run.line) == nil, "\(run.line)")
    }

    @Test func aHostThatIsNotFound() async {
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": "https://no-such-host.invalid", "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "서비스에 연결할 수 없습니다: 호스트 이름 no-such-host.invalid의 주소를 찾을 수 없습니다.",
                     not: ["Could not resolve", "could not reach"], run.korean, run.english)
    }

    @Test func aTimeout() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.silent])
        defer { server.stop() }
        let run = await run(["list", "--retries", "0", "--timeout", "1s"],
                            environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "서비스에 연결할 수 없습니다: ", not: ["could not reach", "timed out", "stalled"], run.korean, run.english,
                     timing: true)
        // The limit given (--timeout 1s), not what libcurl's clock read.
        #expect(run.line.contains("요청이 제한 시간 1000ms 안에 끝나지 않았습니다."), "\(run.line)")
        #expect(EnglishInKorean.englishRun(in: run.line) == nil, "\(run.line)")
    }

    @Test func aTLSFailure() async throws {
        // https to a service that speaks plain HTTP: OpenSSL's own words, which no catalog has.
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.statuses([200])])
        defer { server.stop() }
        let https = server.baseURL.replacingOccurrences(of: "http://", with: "https://")
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": https, "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "서비스에 연결할 수 없습니다: TLS 연결을 맺지 못했습니다(127.0.0.1 포트 \(server.port)에서 핸드셰이크 실패).",
                     not: ["could not reach", "SSL"], run.korean, run.english)
    }

    @Test func anUnreadableResponse() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews": { _, connection in
            connection.respond(status: 200, body: "not json")
            return .close
        }])
        defer { server.stop() }
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "t"])
        // What did not decode and where, in Korean too.
        expectKorean(run.line, has: "서비스가 보낸 응답을 읽을 수 없습니다: 예상과 다른 형식의 값이 있습니다(바이트 위치 0).",
                     not: ["the service sent a response this client cannot read"], run.korean, run.english)
        #expect(EnglishInKorean.englishRun(in: run.line) == nil, "\(run.line)")
    }

    @Test func aResponseThatBreaksTheContract() async throws {
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.json(200, #"{"items":[],"page":1,"size":0,"total":0}"#)])
        defer { server.stop() }
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "서비스가 보낸 응답이 약속된 형식에 맞지 않습니다: 페이지 값(page, size, total)은 양수여야 합니다(page 1, size 0, total 0).",
                     not: ["page, size and total must be positive"], run.korean, run.english)
        #expect(EnglishInKorean.englishRun(in: run.line) == nil, "\(run.line)")
    }

    @Test func aBodyLargerThanTheLimit() async throws {
        // More than the 8 MiB a response may have, announced by its Content-Length.
        let server = try LoopbackServer(routes: ["/v1/interviews": { _, connection in
            connection.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n{")
            return .close
        }])
        defer { server.stop() }
        let run = await run(["list", "--retries", "0"], environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "t"])
        expectKorean(run.line, has: "바이트)보다 큽니다", not: ["the response is larger than the limit"], run.korean, run.english)
        #expect(EnglishInKorean.englishRun(in: run.line) == nil, "\(run.line)")
    }

    static let brokenFiles: [(text: String, korean: String, english: String)] = [
        ("colour = \"red\"\n", ":1: 알 수 없는 키 'colour'입니다", "unknown key"),
        ("[profiles.work]\nbase_url = \"http://127.0.0.1:1\"\nbase_url = \"http://127.0.0.1:2\"\n", ":3: base_url 키가 두 번 설정되었습니다(처음은 2번째 줄)", "is set twice"),
        ("[profiles.work]\nbase_url = 'http://a\n", ":2: 문자열이 '로 닫히지 않았습니다", "is not closed"),
        ("language = ko\n", ":1: language의 값은 큰따옴표로 감싼 문자열이어야 합니다", "must be a string"),
        ("default_profile = \"work\"\n", ":1: default_profile 값은 'work'이지만 [profiles.work] 테이블이 없습니다", "but there is no"),
        ("[profiles.a]\nfoo = \"1\"\n", ":2: [profiles.a]에 알 수 없는 키가 있습니다: 'foo'", "unknown key 'foo' in"),
        ("[profiles.a]\nbase_url = \"http://127.0.0.1:1\"\n[profiles.a]\n", ":3: [profiles.a] 테이블이 두 번 정의되었습니다(처음은 1번째 줄)", "is defined twice"),
        ("language = \"fr\"\n", ":1: language: 'fr' 값은 지원하지 않는 언어입니다", "is not a language"),
        ("[profiles.a\n", ":1: 테이블 머리글을 닫는 ']'가 없습니다", "to close the table header"),
        ("language = \"ko\" x\n", ":1: 값 뒤에 예상하지 못한 문자가 있습니다: 'x'", "after the value"),
    ]

    @Test(arguments: 0..<brokenFiles.count)
    func aConfigFileThatCannotBeRead(_ index: Int) async throws {
        let file = Self.brokenFiles[index]
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-ko-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("report"), withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: home.appendingPathComponent("report/config.toml"))
        let run = await run(["list"], environment: ["XDG_CONFIG_HOME": home.path])
        expectKorean(run.line, has: file.korean, not: [file.english], run.korean, run.english)
        #expect(run.line.contains("파일 형식은 `report help config`에서 볼 수 있습니다"), "\(run.line)")
    }

    @Test func configSetSaysWhatItSet() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-ko-set-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("report/config.toml").path
        let env = Self.korean.merging(["XDG_CONFIG_HOME": home.path]) { $1 }
        let language = await reportInProcess(["config", "set", "language", "ko"], environment: env)
        #expect(language.stderr == "\(file)에 language = \"ko\" 설정을 저장했습니다.\n")
        let base = await reportInProcess(["config", "set", "base_url", "http://example.com", "--profile", "work"],
                                         environment: env.merging(["REPORT_BASE_URL": "http://other.example"]) { $1 })
        #expect(base.stderr == "\(file)에 프로필 work의 base_url = \"http://example.com\" 설정을 저장했습니다.\n"
                + "참고: REPORT_BASE_URL이 설정되어 있어 해제하기 전까지는 이 값보다 우선합니다.\n", "\(base.stderr)")
        let profile = await reportInProcess(["config", "set", "default_profile", "work"], environment: env)
        #expect(profile.stderr == "\(file)에 default_profile = \"work\" 설정을 저장했습니다.\n")
        // English as it was.
        let english = await reportInProcess(["config", "set", "default_profile", "work", "--lang", "en"], environment: env)
        #expect(english.stderr == "Set default_profile = \"work\" in \(file).\n")
    }

    @Test func listPastItsLastPage() async throws {
        let env = Self.korean.merging(["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]) { $1 }
        let result = await reportInProcess(["list", "--page", "99"], environment: env)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("report: 99페이지는 없습니다. 전체 2페이지입니다(면접 35건, 페이지당 20건)"), "\(result.stderr)")
        #expect(!result.stderr.contains("past the last page"))
        let json = await reportInProcess(["list", "--page", "99", "--json"], environment: env)
        let english = await reportInProcess(["list", "--page", "99", "--json"], environment: env.merging(["LANG": "C"]) { $1 })
        #expect(json.stdout == english.stdout)
    }

    @Test func termsFromLinesAndFiles() async throws {
        let env = Self.korean.merging(["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]) { $1 }
        let terms = FileManager.default.temporaryDirectory.appendingPathComponent("report-ko-terms-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: terms) }
        try Data("1001\nabc\n".utf8).write(to: URL(fileURLWithPath: terms))
        let bad = await reportInProcess(["fetch", "--terms-from", terms], environment: env)
        #expect(bad.stderr.contains("\(terms):2: 'abc' 값은 면접 번호가 아니므로 건너뜁니다"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("is not a term number"), "\(bad.stderr)")
        let badJSON = await reportInProcess(["fetch", "--terms-from", terms, "--jsonl"], environment: env)
        let badEnglish = await reportInProcess(["fetch", "--terms-from", terms, "--jsonl"], environment: env.merging(["LANG": "C"]) { $1 })
        #expect(badJSON.stderr.split(separator: "\n").first == badEnglish.stderr.split(separator: "\n").first)
        #expect(badEnglish.stderr.contains("is not a term number; skipped"), "\(badEnglish.stderr)")

        let missing = await reportInProcess(["fetch", "--terms-from", "/nonexistent/terms.txt"], environment: env)
        #expect(missing.stderr == "report: /nonexistent/terms.txt: 읽을 수 없습니다(파일이나 폴더가 없습니다). "
                + "--terms-from에는 면접 번호를 한 줄에 하나씩 적은 파일을 지정하세요(-는 표준 입력).\n", "\(missing.stderr)")
        let directory = await reportInProcess(["fetch", "--terms-from", "/tmp"], environment: env)
        #expect(directory.stderr.hasPrefix("report: /tmp: 폴더라서 읽을 수 없습니다. "), "\(directory.stderr)")
        let english = await reportInProcess(["fetch", "--terms-from", "/tmp", "--jsonl"], environment: env)
        let englishC = await reportInProcess(["fetch", "--terms-from", "/tmp", "--jsonl"], environment: env.merging(["LANG": "C"]) { $1 })
        #expect(english.stderr == englishC.stderr)
        #expect(englishC.stderr.contains("cannot read /tmp: it is a directory"), "\(englishC.stderr)")
    }

    @Test func theAPIsPathNotFound() async {
        let env = ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]
        let run = await run(["api", "/v1/nothing"], environment: env)
        expectKorean(run.line, has: "GET /v1/nothing: 요청한 자료를 찾을 수 없습니다: ", not: ["the resource was not found", "check the path"],
                     run.korean, run.english)
        #expect(run.line.contains("경로를 확인하세요(API는 api/openapi.yaml에 설명되어 있습니다)"), "\(run.line)")
    }

    @Test func configListSaysWhoIsSignedIn() async throws {
        let none = await reportInProcess(["config", "list"], environment: Self.korean)
        #expect(none.stdout.contains("credentials  없음"), "\(none.stdout)")
        let json = await reportInProcess(["config", "list", "--json"], environment: Self.korean)
        #expect(json.stdout.contains(#""value":"none""#) || json.stdout.contains(#""value" : "none""#), "\(json.stdout)")
    }
}
