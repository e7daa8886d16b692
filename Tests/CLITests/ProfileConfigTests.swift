import Foundation
import Testing
import TestSupport

/// Profiles and `config.toml`, end to end: which profile and base URL win, and how a bad file
/// is reported.
@Suite("profiles and config.toml, end to end")
struct ProfileConfigTests {
    /// Nothing listens on port 9 of the loopback (discard): a base URL that must never be used.
    static let unusedURL = "http://127.0.0.1:9"

    private func config(_ harness: AuthHarness) -> String {
        """
        # profiles for the tests
        default_profile = "staging"

        [profiles.staging]
        base_url = "\(harness.server.baseURL)"   # the test's server

        [profiles.prod]
        base_url = '\(Self.unusedURL)'
        """
    }

    @Test func theDefaultProfileOfTheFileGivesTheBaseURLAndKeepsItsOwnCredentials() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeConfig(config(harness))
        let login = try await harness.login(serverURLInEnvironment: false)
        #expect(login.stderr.contains("Signed in to \(harness.server.baseURL) as 김은미"))
        #expect(login.stderr.contains(", profile staging."))
        let profiles = try #require(try harness.credentials())
        #expect(Set(profiles.keys) == ["staging"])
        #expect(profiles["staging"]?["baseURL"] as? String == harness.server.baseURL)

        let fetch = try await harness.report("fetch", "--term", "1001", serverURLInEnvironment: false)
        #expect(fetch.status == 0, "\(fetch.stderr)")
    }

    @Test func flagBeatsEnvironmentBeatsDefaultProfileForTheProfile() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeConfig(config(harness))
        try await harness.login(serverURLInEnvironment: false)

        // REPORT_PROFILE beats default_profile: prod has no credentials.
        let environment = try await harness.report("fetch", "--term", "1001", environment: ["REPORT_PROFILE": "prod"],
                                             serverURLInEnvironment: false)
        #expect(environment.status == 4)
        #expect(environment.stderr.contains("not signed in (profile prod)"))
        #expect(environment.stderr.contains("run `report auth login --profile prod` to sign in"))

        // --profile beats REPORT_PROFILE.
        let flag = try await harness.report("fetch", "--term", "1001", "--profile", "staging",
                                      environment: ["REPORT_PROFILE": "prod"], serverURLInEnvironment: false)
        #expect(flag.status == 0, "\(flag.stderr)")
    }

    @Test func flagBeatsEnvironmentBeatsProfileForTheBaseURL() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeConfig(config(harness))
        try await harness.login(serverURLInEnvironment: false)

        // REPORT_BASE_URL beats the profile's base_url; the credentials are not sent elsewhere.
        let environment = try await harness.report("auth", "status", environment: ["REPORT_BASE_URL": Self.unusedURL],
                                             serverURLInEnvironment: false)
        #expect(environment.status == 4)
        #expect(environment.stderr.contains("profile staging is signed in to \(harness.server.baseURL), not to \(Self.unusedURL)"))

        // --base-url beats REPORT_BASE_URL.
        let flag = try await harness.report("auth", "status", "--base-url", harness.server.baseURL,
                                      environment: ["REPORT_BASE_URL": Self.unusedURL], serverURLInEnvironment: false)
        #expect(flag.status == 0, "\(flag.stderr)")
    }

    @Test func withoutAnySettingTheBuiltInProfileAndBaseURLAreUsed() async throws {
        let harness = try await AuthHarness.start()
        let status = try await harness.report("auth", "status", serverURLInEnvironment: false)
        #expect(status.status == 4)
        #expect(status.stderr.contains("not signed in to http://127.0.0.1:8080 (profile default)"))
        #expect(status.stderr.contains("run `report auth login` to sign in"))
    }

    @Test func profilesKeepSeparateCredentialsAndLogoutRemovesOnlyItsOwn() async throws {
        let harness = try await AuthHarness.start(refreshTokenCount: 2)
        defer { harness.expectNoTokenLeaks() }
        try harness.writeConfig("""
            [profiles.one]
            base_url = "\(harness.server.baseURL)"
            [profiles.two]
            base_url = "\(harness.server.baseURL)"
            """)
        try await harness.login("--profile", "one", index: 0, serverURLInEnvironment: false)
        try await harness.login("--profile", "two", index: 1, serverURLInEnvironment: false)
        #expect(Set(try #require(try harness.credentials()).keys) == ["one", "two"])

        let logout = try await harness.report("auth", "logout", "--profile", "one", serverURLInEnvironment: false)
        #expect(logout.status == 0)
        #expect(Set(try #require(try harness.credentials()).keys) == ["two"])
        #expect(try await harness.report("fetch", "--term", "1001", "--profile", "two", serverURLInEnvironment: false).status == 0)
        let one = try await harness.report("fetch", "--term", "1001", "--profile", "one", serverURLInEnvironment: false)
        #expect(one.status == 4)
        #expect(one.stderr.contains("`report auth login --profile one`"))
    }

    @Test func anUnknownProfileIsAConfigurationError() async throws {
        let harness = try await AuthHarness.start()
        try harness.writeConfig(config(harness))
        let flag = try await harness.report("fetch", "--term", "1001", "--profile", "qa")
        #expect(flag.status == 78)
        #expect(flag.stderr.hasPrefix("report: \(harness.configFile().path): no profile 'qa' (asked for by --profile); the file defines prod, staging"))

        let environment = try await harness.report("auth", "status", environment: ["REPORT_PROFILE": "qa"])
        #expect(environment.status == 78)
        #expect(environment.stderr.contains("asked for by REPORT_PROFILE"))

        let noFile = try await harness.report("auth", "status", "--profile", "qa", home: harness.makeConfigHome())
        #expect(noFile.status == 78)
        #expect(noFile.stderr.contains("the file does not exist"))

        let invalid = try await harness.report("auth", "status", "--profile", "a b")
        #expect(invalid.status == 64)
    }

    /// A profile config.toml does not declare, in Korean: which file, which profile, which it
    /// declares and what to add, as two sentences and a hint, never joined with `;`.
    @Test func anUnknownProfileIsSaidInKorean() async throws {
        let harness = try await AuthHarness.start()
        try harness.writeConfig(config(harness))
        let flag = try await harness.report("fetch", "--term", "1001", "--profile", "qa", "--lang", "ko")
        #expect(flag.status == 78)
        #expect(flag.stderr == "report: \(harness.configFile().path)에 --profile에서 지정한 'qa' 프로필이 없습니다. "
                + "이 파일에 있는 프로필: prod, staging. [profiles.qa] 테이블을 추가하고 base_url을 적으세요.\n")
        let noFile = try await harness.report("auth", "status", "--profile", "qa", "--lang", "ko", home: harness.makeConfigHome())
        #expect(noFile.status == 78)
        #expect(noFile.stderr.hasPrefix("report: --profile에서 지정한 'qa' 프로필을 찾을 수 없습니다. 설정 파일이 없습니다: "), "\(noFile.stderr)")
        for result in [flag, noFile] { #expect(EnglishInKorean.problems(in: result.stderr).isEmpty, "\(result.stderr)") }
    }

    @Test(arguments: [
        ("default_profile = \"staging\"\n[profiles.staging]\nbase_url = https://x.example\n", 3, "must be a string"),
        ("[profiles.staging]\ncolour = \"red\"\n", 2, "unknown key 'colour' in [profiles.staging]"),
        ("# comment\n\n[profiles.s]\nbase_url = \"ftp://x.example\"\n", 4, "base_url: it must start with http:// or https://"),
        ("[servers.x]\n", 1, "unknown table [servers.x]"),
        ("default_profile = \"prod\"\n", 1, "there is no [profiles.prod]"),
        ("[profiles.a]\nbase_url = \"http://a.example\"\nbase_url = \"http://b.example\"\n", 3, "set twice (first on line 2)"),
        ("[profiles.a\n", 1, "expected ']'"),
        ("default_profile = \"a\" extra\n[profiles.a]\n", 1, "unexpected 'e' after the value"),
        ("token = \"x\"\n", 1, "unknown key 'token'"),
        ("[profiles.a]\n[profiles.a]\n", 2, "defined twice (first on line 1)"),
        ("[profiles.a]\nbase_url = \"http://a.example\n", 2, "not closed"),
        ("[profiles.a]\nbase_url = \"http://a.example:99999\"\n", 2, "base_url"),
    ])
    func anInvalidConfigFileExits78NamingFileAndLine(text: String, line: Int, message: String) async throws {
        let harness = try await AuthHarness.start()
        try harness.writeConfig(text)
        // Even with REPORT_TOKEN and REPORT_BASE_URL set, a broken file is reported, not ignored.
        let result = try await harness.report("fetch", "--term", "1001", environment: ["REPORT_TOKEN": "demo-access-42"])
        #expect(result.status == 78)
        #expect(result.stdout == "")
        let prefix = "report: \(harness.configFile().path):\(line): "
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func quotedStringsEscapesAndCommentsAreUnderstood() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let url = harness.server.baseURL.replacingOccurrences(of: "http", with: "\\u0068ttp")
        try harness.writeConfig("\u{FEFF}default_profile = 'ci'   # literal string\r\n[ profiles . \"ci\" ]\r\n\tbase_url = \"\(url)\"\r\n")
        let status = try await harness.report("auth", "status", serverURLInEnvironment: false)
        #expect(status.status == 4)
        #expect(status.stderr.contains("not signed in to \(harness.server.baseURL) (profile ci)"), "\(status.stderr)")
    }
}
