import Foundation
import Testing
import TestSupport

/// The CLI's own refusals (a bad flag value, a file it cannot use, a setting it cannot set), said
/// in Korean to a Korean member, whole: no English sentence left inside the Korean line, the
/// `--json` document unchanged.
@Suite("The CLI's refusals in Korean")
struct KoreanRefusalTests {
    struct Refusal: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        var environment: [String: String] = [:]
        var input = ""
        var testDescription: String { (environment.map { "\($0.key)=\($0.value)" } + arguments).joined(separator: " ") }
    }

    static let missing = "/nonexistent-\(UUID().uuidString)"

    static let refusals: [Refusal] = [
        Refusal(arguments: ["status", "--base-url", "example.com"]),
        Refusal(arguments: ["status", "--base-url", "http://example.com"]),
        Refusal(arguments: ["status", "--base-url", "http://"]),
        Refusal(arguments: ["status"], environment: ["REPORT_BASE_URL": "reports.example.com"]),
        Refusal(arguments: ["config", "set", "colour", "never"]),
        Refusal(arguments: ["config", "set", "language", "fr"]),
        Refusal(arguments: ["config", "set", "profile", "bad name"]),
        Refusal(arguments: ["config", "set", "profile", "nosuch"]),
        Refusal(arguments: ["config", "get", "nosuch"]),
        Refusal(arguments: ["config", "set", "base_url", "example.com"]),
        Refusal(arguments: ["fetch", "1001", "--cacert", missing]),
        Refusal(arguments: ["fetch", "1001", "--cacert", "/"]),
        Refusal(arguments: ["fetch", "1001", "--profile", "bad name"]),
        Refusal(arguments: ["status"], environment: ["REPORT_PROFILE": "bad name"]),
        Refusal(arguments: ["status", "--base-url", "http://user:pw@127.0.0.1:1"]),
        Refusal(arguments: ["status"], environment: ["REPORT_BASE_URL": "http://reports.example.com"]),
        Refusal(arguments: ["fetch", "1001"], environment: ["REPORT_TOKEN": "a\nb"]),
        Refusal(arguments: ["fetch", "1001", "--timeout", "0s"]),
        Refusal(arguments: ["fetch", "1001", "-o", "\(missing)/report.txt"]),
        Refusal(arguments: ["cache", "info"], environment: ["REPORT_CACHE_MAX_SIZE": "lots"]),
        Refusal(arguments: ["api", "-X", "FOO", "/v1/me"]),
        Refusal(arguments: ["api", "-H", "no colon", "/v1/me"]),
        Refusal(arguments: ["api", "-H", "Authorization: x", "/v1/me"]),
        Refusal(arguments: ["api", "-X", "POST", "/v1/x", "--input", missing]),
        Refusal(arguments: ["check", "--junit", "\(missing)/check.xml"]),
        Refusal(arguments: ["auth", "login", "--with-token"], input: ""),
        Refusal(arguments: ["auth", "login", "--with-token"], input: "two words\n"),
        // Not signed in: the message and the sign-in hint, both Korean.
        Refusal(arguments: ["auth", "status"], environment: ["REPORT_TOKEN": ""]),
    ]

    /// Stored credentials others may read: the refusal and its chmod, in Korean.
    @Test func credentialsOthersMayReadAreRefusedInKorean() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-refusal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("credentials.json")
        try Data("{}".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let result = await reportInProcess(["fetch", "1001"], environment: ["XDG_CONFIG_HOME": home.path, "LANG": "ko_KR.UTF-8",
                                                                          "REPORT_BASE_URL": ReferenceServer.demo.baseURL])
        #expect(result.status == 78)
        #expect(result.stderr.contains("권한이 0644입니다"), "\(result.stderr)")
        #expect(result.stderr.contains("`chmod 600 '\(file.path)'` 명령을 실행하세요"), "\(result.stderr)")
        for word in Self.englishWords { #expect(!result.stderr.contains(word), "\(word): \(result.stderr)") }
    }

    /// A command in a hint is followed by `명령` and the particle that word takes: the particle of
    /// the command's own last sound would change with the command (`login`으로, `status`로).
    @Test func aHintNamesItsCommandWithTheRightParticle() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-particle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = await reportInProcess(["list"], environment: ["XDG_CONFIG_HOME": home.path, "LANG": "ko_KR.UTF-8",
                                                                   "REPORT_BASE_URL": ReferenceServer.demo.baseURL])
        #expect(result.status == 4)
        #expect(result.stderr.contains("`report auth login` 명령으로 로그인하세요"), "\(result.stderr)")
        let help = await reportInProcess(["--help"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(help.stdout.contains("주제는 'report help <주제>'로 볼 수 있습니다."), "\(help.stdout.suffix(200))")
    }

    /// English words that only an English sentence has.
    static let englishWords = [" the ", " is ", " not ", " must ", " cannot ", " could ", "invalid ", " give ", " use ", " such as ", "refusing", "unknown"]

    @Test(arguments: refusals)
    func aRefusalIsOneKoreanLine(_ refusal: Refusal) async throws {
        var environment = ["REPORT_TOKEN": "demo-access-42", "REPORT_BASE_URL": ReferenceServer.demo.baseURL]
        environment.merge(refusal.environment) { $1 }
        let korean = await reportInProcess(refusal.arguments, environment: environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 },
                                           input: refusal.input)
        #expect(korean.status != 0)
        #expect(korean.stdout == "")
        let line = korean.stderr
        #expect(line.split(separator: "\n").count == 1, "\(line)")
        #expect(line.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "not Korean: \(line)")
        for word in Self.englishWords {
            #expect(!line.contains(word), "English left ('\(word)'): \(line)")
        }
        let english = await reportInProcess(refusal.arguments, environment: environment.merging(["LANG": "C"]) { $1 }, input: refusal.input)
        #expect(english.status == korean.status)
        // The document a script reads is the same in every language.
        let koreanJSON = await reportInProcess(refusal.arguments + ["--json"], environment: environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 },
                                               input: refusal.input)
        let englishJSON = await reportInProcess(refusal.arguments + ["--json"], environment: environment.merging(["LANG": "C"]) { $1 },
                                                input: refusal.input)
        #expect(koreanJSON.stderr == englishJSON.stderr)
    }
}
