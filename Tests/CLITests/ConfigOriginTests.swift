import Foundation
import Testing
import TestSupport

/// `report config list` shows, for every setting, the origin that really decided it: a case per
/// origin of each setting (flag, environment variable, file line, default, password database).
@Suite("config list: the true origin of every value")
struct ConfigOriginTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let environment: [String: String]
        let origin: String
        let source: String
        var testDescription: String { "\(name) from \(source)" }
    }

    /// The home directory of the user running the tests, as the password database has it.
    static let passwordHome: String = {
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }()

    static let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-origin-home").path

    static let cases: [Case] = [
        Case(name: "config_dir", arguments: [], environment: ["XDG_CONFIG_HOME": "/xdg/config"], origin: "environment", source: "XDG_CONFIG_HOME"),
        Case(name: "config_dir", arguments: [], environment: ["XDG_CONFIG_HOME": "relative/ignored", "HOME": home], origin: "environment", source: "HOME"),
        Case(name: "config_dir", arguments: [], environment: ["XDG_CONFIG_HOME": "", "HOME": ""], origin: "default", source: "the password database"),
        Case(name: "cache_dir", arguments: [], environment: ["XDG_CACHE_HOME": "/xdg/cache"], origin: "environment", source: "XDG_CACHE_HOME"),
        Case(name: "cache_dir", arguments: [], environment: ["XDG_CACHE_HOME": "", "HOME": home], origin: "environment", source: "HOME"),
        Case(name: "cache_dir", arguments: [], environment: ["XDG_CACHE_HOME": "", "HOME": ""], origin: "default", source: "the password database"),
        Case(name: "pager", arguments: [], environment: ["REPORT_PAGER": "less", "PAGER": "more"], origin: "environment", source: "REPORT_PAGER"),
        Case(name: "pager", arguments: [], environment: ["PAGER": "more"], origin: "environment", source: "PAGER"),
        Case(name: "pager", arguments: [], environment: [:], origin: "default", source: "built in"),
        Case(name: "color", arguments: [], environment: ["NO_COLOR": "1"], origin: "environment", source: "NO_COLOR"),
        Case(name: "color", arguments: [], environment: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"], origin: "environment", source: "CLICOLOR_FORCE"),
        Case(name: "color", arguments: [], environment: ["NO_COLOR": "", "FORCE_COLOR": "1"], origin: "environment", source: "FORCE_COLOR"),
        Case(name: "color", arguments: [], environment: ["NO_COLOR": "", "TERM": "dumb"], origin: "environment", source: "TERM=dumb"),
        Case(name: "color", arguments: [], environment: ["NO_COLOR": "", "TERM": "xterm"], origin: "default", source: "built in"),
        Case(name: "profile", arguments: ["--profile", "ci", "--base-url", "http://127.0.0.1:1"], environment: [:], origin: "flag", source: "--profile"),
        Case(name: "profile", arguments: ["--base-url", "http://127.0.0.1:1"], environment: ["REPORT_PROFILE": "ci"], origin: "environment", source: "REPORT_PROFILE"),
        Case(name: "profile", arguments: [], environment: [:], origin: "default", source: "built in"),
        Case(name: "base_url", arguments: ["--base-url", "http://127.0.0.1:1"], environment: [:], origin: "flag", source: "--base-url"),
        Case(name: "base_url", arguments: [], environment: ["REPORT_BASE_URL": "http://127.0.0.1:2"], origin: "environment", source: "REPORT_BASE_URL"),
        Case(name: "base_url", arguments: [], environment: [:], origin: "default", source: "built in"),
        Case(name: "credentials", arguments: [], environment: ["REPORT_TOKEN": "at-x"], origin: "environment", source: "REPORT_TOKEN"),
        Case(name: "credentials", arguments: [], environment: [:], origin: "default", source: "not signed in"),
        // Every origin of the language, gettext's rule case by case: LanguageTests.
        Case(name: "language", arguments: ["--lang", "ko"], environment: [:], origin: "flag", source: "--lang"),
        Case(name: "language", arguments: [], environment: ["LANG": "ko_KR.UTF-8"], origin: "environment", source: "LANG"),
        Case(name: "language", arguments: [], environment: ["LC_ALL": "C.UTF-8", "LANG": "ko_KR.UTF-8"], origin: "environment", source: "LC_ALL"),
        Case(name: "language", arguments: [], environment: ["LANG": ""], origin: "default", source: "built in"),
    ]

    @Test(arguments: cases)
    func eachOriginIsNamed(_ test: Case) async throws {
        let result = await reportInProcess(["config", "list", "--json"] + test.arguments, environment: test.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let settings = try #require(try result.json()["settings"] as? [[String: String]])
        let setting = try #require(settings.first { $0["name"] == test.name })
        #expect(setting["origin"] == test.origin, "\(setting)")
        #expect(setting["source"] == test.source, "\(setting)")
        if test.source == "the password database" {
            let expected = (Self.passwordHome == "/" ? "" : Self.passwordHome) + (test.name == "config_dir" ? "/.config/report" : "/.cache/report")
            #expect(setting["value"] == expected)
        }
    }

    /// The file's origins name the line; `config.toml` in a folder of the test's own.
    @Test func fileOriginsNameTheLine() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-origin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent("config.toml").path
        try Data("default_profile = \"ci\"\n\n[profiles.ci]\nbase_url = \"http://127.0.0.1:3\"\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = await reportInProcess(["config", "list", "--json"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        let settings = try #require(try result.json()["settings"] as? [[String: String]])
        #expect(settings.first { $0["name"] == "profile" }?["source"] == "\(file):1 (default_profile)")
        #expect(settings.first { $0["name"] == "base_url" }?["source"] == "\(file):4 ([profiles.ci] base_url)")
        #expect(settings.first { $0["name"] == "base_url" }?["origin"] == "file")
    }
}
