import Foundation
import Testing
import TestSupport

/// `report config list|get|set`, `auth login --base-url` remembering the URL, and the hint after a
/// "signed in to X, not Y" mismatch.
@Suite("Settings that explain themselves")
struct ConfigCommandTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-config-\(UUID().uuidString)")
    var configFile: URL { home.appendingPathComponent("report/config.toml") }

    func report(_ arguments: [String], _ environment: [String: String] = [:]) async -> RunResult {
        await reportInProcess(arguments, environment: ["XDG_CONFIG_HOME": home.path].merging(environment) { $1 })
    }

    @Test func listSaysWhereEachSettingCameFrom() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let defaults = await report(["config", "list"])
        #expect(defaults.status == 0)
        #expect(defaults.stdout.contains("base_url     http://127.0.0.1:8080"))
        #expect(defaults.stdout.contains("(default: built in)"))

        #expect(await report(["config", "set", "base_url", "https://staging.example.com", "--profile", "staging"]).status == 0)
        #expect(await report(["config", "set", "profile", "staging"]).status == 0)
        let fromFile = await report(["config", "list", "--json"])
        let settings = try #require(try fromFile.json()["settings"] as? [[String: String]])
        let baseURL = try #require(settings.first { $0["name"] == "base_url" })
        #expect(baseURL["value"] == "https://staging.example.com")
        #expect(baseURL["origin"] == "file")
        #expect(baseURL["source"] == "\(configFile.path):4 ([profiles.staging] base_url)")
        #expect(settings.first { $0["name"] == "profile" }?["origin"] == "file")

        let overridden = await report(["config", "get", "base_url", "--json"], ["REPORT_BASE_URL": "https://other.example.com"])
        #expect(try overridden.json()["origin"] as? String == "environment")
        #expect(try overridden.json()["source"] as? String == "REPORT_BASE_URL")
        let byFlag = await report(["config", "get", "base_url", "--base-url", "https://flag.example.com"])
        #expect(byFlag.stdout == "https://flag.example.com\n")
        let token = await report(["config", "get", "credentials"], ["REPORT_TOKEN": "secret-token-value"])
        #expect(token.stdout == "REPORT_TOKEN\n", "which credentials, never the token")
    }

    @Test func setKeepsTheRestOfTheFileAndRefusesWhatWouldBreakIt() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let original = "# my services\n[profiles.prod]\n# the real one\nbase_url = 'https://reports.example.com'\n"
        try Data(original.utf8).write(to: configFile)
        #expect(await report(["config", "set", "base_url", "https://new.example.com", "--profile", "prod"]).status == 0)
        let text = try String(contentsOf: configFile, encoding: .utf8)
        #expect(text == "# my services\n[profiles.prod]\n# the real one\nbase_url = \"https://new.example.com\"\n")

        let badURL = await report(["config", "set", "base_url", "ftp://x"])
        #expect(badURL.status == 64)
        #expect(badURL.stderr.hasPrefix("report: invalid base_url 'ftp://x': it must start with http:// or https://"))
        let noProfile = await report(["config", "set", "profile", "qa"])
        #expect(noProfile.status == 64)
        #expect(noProfile.stderr == "report: no profile 'qa' in \(configFile.path); add it first: report config set base_url URL --profile qa\n")
        let unknown = await report(["config", "set", "colour", "never"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("config.toml holds profile, base_url, language, color and pager"), "\(unknown.stderr)")
        #expect(try String(contentsOf: configFile, encoding: .utf8) == text, "a refused set changes nothing")

        try Data("[profiles.prod]\nbase_url = 1\n".utf8).write(to: configFile)
        let broken = await report(["config", "set", "profile", "prod"])
        #expect(broken.status == 78)
        #expect(try String(contentsOf: configFile, encoding: .utf8) == "[profiles.prod]\nbase_url = 1\n", "a broken file is not rewritten")
    }

    /// Every setting config.toml holds can be set (`config set color never` and `config set pager
    /// cat` once said "cannot set"), and takes effect below the flags and variables.
    @Test func colorAndPagerAreSetInConfigTOMLAndTakeEffect() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        // (NO_COLOR empty: unset, as the tests' environment sets it.)
        let environment = ["XDG_CONFIG_HOME": home.path, "REPORT_TOKEN": "demo-access-42", "REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                           "NO_COLOR": ""]
        let file = home.appendingPathComponent("report/config.toml").path
        #expect(await reportInProcess(["config", "set", "color", "always"], environment: environment).status == 0)
        #expect(await reportInProcess(["config", "set", "pager", "cat"], environment: environment).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "color = \"always\"\npager = \"cat\"\n")

        let settings = try await reportInProcess(["config", "list", "--json"], environment: environment).json()["settings"] as? [[String: String]] ?? []
        let color = settings.first { $0["name"] == "color" }
        #expect(color?["value"] == "always" && color?["origin"] == "file" && color?["source"] == "\(file):1 (color)", "\(settings)")
        let pager = settings.first { $0["name"] == "pager" }
        #expect(pager?["value"] == "none" && pager?["origin"] == "file", "\(settings)")

        // color = "always" colours even in a pipe; NO_COLOR and --color still win over the file.
        let coloured = await reportInProcess(["fetch", "1001"], environment: environment)
        #expect(coloured.status == 0)
        #expect(coloured.stdout.contains("\u{1B}["))
        #expect(!(await reportInProcess(["fetch", "1001"], environment: environment.merging(["NO_COLOR": "1"]) { $1 }).stdout.contains("\u{1B}[")))
        #expect(!(await reportInProcess(["fetch", "1001", "--color", "never"], environment: environment).stdout.contains("\u{1B}[")))
        // REPORT_PAGER wins over the file's pager.
        let byVariable = try await reportInProcess(["config", "get", "pager", "--json"], environment: environment.merging(["REPORT_PAGER": "more"]) { $1 }).json()
        #expect(byVariable["value"] as? String == "more" && byVariable["origin"] as? String == "environment")
        let bad = await reportInProcess(["config", "set", "color", "purple"], environment: environment)
        #expect(bad.status == 64)
        #expect(bad.stderr == "report: invalid color 'purple'; use one of auto, always, never\n")
    }

    /// A broken config.toml is what `config list` must help to find: the settings are listed
    /// without it (exit 0) and its problem, with its line, after them; in JSON too.
    @Test func configListWorksWithABrokenFileAndShowsItsLine() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml")
        try Data("default_profile = \"x\"\n[profiles.x]\nbase_url = https://a\n".utf8).write(to: file)
        let environment = ["XDG_CONFIG_HOME": home.path]
        let list = await reportInProcess(["config", "list"], environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("profile      default"), "\(list.stdout)")
        #expect(list.stdout.contains("config.toml is left out, so none of the settings above comes from it: \(file.path):3: the value of base_url must be a string in double quotes"),
                "\(list.stdout)")
        let json = try await reportInProcess(["config", "list", "--json"], environment: environment).json()
        let problem = try #require(json["configFileError"] as? [String: Any])
        #expect(problem["line"] as? Int == 3)
        #expect(problem["path"] as? String == file.path)
        #expect((json["settings"] as? [[String: Any]])?.count == 8)
        // Every other command still refuses the file.
        #expect(await reportInProcess(["config", "get", "profile"], environment: environment).status == 78)
    }

    /// Signed in where REPORT_BASE_URL pointed: a new shell, without the variable, still finds the
    /// service (it once got a long exit-4 error about the default URL).
    @Test func loginRemembersTheBaseURLTheEnvironmentGave() async throws {
        let harness = try await AuthHarness.start()
        let url = harness.server.baseURL
        let login = try await harness.login("--profile", "ci")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stderr.contains("Saved base_url = \"\(url)\" for profile ci in \(harness.configFile().path)."), "\(login.stderr)")
        #expect(try String(contentsOf: harness.configFile(), encoding: .utf8) == "[profiles.ci]\nbase_url = \"\(url)\"\n")
        let newShell = try await harness.report("fetch", "1001", "--profile", "ci", serverURLInEnvironment: false)
        #expect(newShell.status == 0, "\(newShell.stderr)")
        harness.expectNoTokenLeaks()
    }

    @Test func loginWithBaseURLRemembersItAndAMismatchSuggestsTheRightFix() async throws {
        let harness = try await AuthHarness.start()
        let url = harness.server.baseURL
        let login = try await harness.login("--profile", "local", "--base-url", url, serverURLInEnvironment: false)
        #expect(login.stderr.contains("Saved base_url = \"\(url)\" for profile local in \(harness.configFile().path)."))
        #expect(try String(contentsOf: harness.configFile(), encoding: .utf8) == "[profiles.local]\nbase_url = \"\(url)\"\n")
        // Later commands of the profile need no flag.
        let fetch = try await harness.report("fetch", "1001", "--profile", "local", serverURLInEnvironment: false)
        #expect(fetch.status == 0, "\(fetch.stderr)")

        // Pointed elsewhere by the environment: the fix is to unset it, or to sign in there.
        let elsewhere = url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let mismatch = try await harness.report("fetch", "1001", "--profile", "local",
                                                environment: ["REPORT_BASE_URL": elsewhere], serverURLInEnvironment: false)
        #expect(mismatch.status == 4)
        #expect(mismatch.stderr == "report: term 1001: profile local is signed in to \(url), not to \(elsewhere); unset REPORT_BASE_URL to use \(url), where profile local signed in; or sign in to \(elsewhere) with `report auth login --profile local`\n")

        // Pointed elsewhere by the file: the fix is `report config set`.
        _ = try await harness.report("config", "set", "base_url", elsewhere, "--profile", "local", serverURLInEnvironment: false)
        let byFile = try await harness.report("fetch", "1001", "--profile", "local", serverURLInEnvironment: false)
        #expect(byFile.stderr.contains("run `report config set base_url \(url) --profile local` to use it"))
        harness.expectNoTokenLeaks()
    }
}
