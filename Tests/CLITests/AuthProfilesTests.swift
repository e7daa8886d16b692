import Foundation
import Testing
import TestSupport

/// `report auth list` (every profile, its service, member and sign-in, the default marked) and
/// `report auth switch PROFILE` (default_profile in config.toml): a coach following several
/// members sees and changes which one `report` speaks for. No token is ever printed.
@Suite("auth list and auth switch")
struct AuthProfilesTests {
    /// The clock of the harness's runs.
    static var now: Int { AuthHarness.now }

    /// config.toml with two profiles, staging the default; staging signed in (token valid), prod
    /// signed in with an expired access token, `default` never declared nor signed in.
    private func prepare(_ harness: AuthHarness) throws {
        try harness.writeConfig("""
            default_profile = "staging"

            [profiles.staging]
            base_url = "\(harness.server.baseURL)"

            [profiles.prod]
            base_url = "http://127.0.0.1:9"
            """)
        try harness.writeCredentials([
            "staging": harness.profile(accessToken: "at-staging-\(UUID().uuidString)", expiresAt: Self.now + 3600,
                                       refreshToken: "rt-staging-\(UUID().uuidString)"),
            "prod": harness.profile(accessToken: "at-prod-\(UUID().uuidString)", expiresAt: Self.now - 60,
                                    refreshToken: "rt-prod-\(UUID().uuidString)", baseURL: "http://127.0.0.1:9"),
        ])
    }

    @Test func listShowsEveryProfileItsSignInAndTheDefault() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try prepare(harness)
        let result = try await harness.report("auth", "list", serverURLInEnvironment: false)
        #expect(result.status == 0, "\(result.stderr)")
        let server = harness.server.baseURL
        let lines = result.stdoutLines
        let rows = lines.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.prefix(4) == [["PROFILE", "SERVICE", "MEMBER", "SIGN-IN"], ["default", "http://127.0.0.1:8080", "-", "none"],
                                   ["prod", "http://127.0.0.1:9", "42", "expired"], ["*", "staging", server, "42", "signed", "in"]],
                "\(result.stdout)")
        // The columns line up: each row's service starts under the heading's.
        let column = try #require(lines.first?.range(of: "SERVICE")).lowerBound.utf16Offset(in: lines[0])
        for (line, service) in zip(lines[1...3], ["http://127.0.0.1:8080", "http://127.0.0.1:9", server]) {
            #expect(line.range(of: service)?.lowerBound.utf16Offset(in: line) == column, "\(result.stdout)")
        }
        #expect(lines.dropFirst(4) == ["", "* the default profile (report auth switch NAME makes another one the default)", ""])
        let korean = try await harness.report("auth", "list", "--lang", "ko", serverURLInEnvironment: false)
        #expect(korean.stdout.contains("로그인됨"), "\(korean.stdout)")
        #expect(korean.stdout.contains("* 기본 프로필"), "\(korean.stdout)")
    }

    @Test func listAsJSON() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try prepare(harness)
        let result = try await harness.report("auth", "list", "--json", environment: ["REPORT_PROFILE": "prod"],
                                              serverURLInEnvironment: false)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        #expect(document["defaultProfile"] as? String == "prod")
        #expect(document["defaultProfileOrigin"] as? String == "environment")
        let profiles = try #require(document["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["name"] as? String } == ["default", "prod", "staging"])
        #expect(profiles.map { $0["signIn"] as? String } == ["none", "expired", "signed-in"])
        #expect(profiles.map { $0["default"] as? Bool } == [false, true, false])
        #expect(profiles[2]["memIdx"] as? Int == 42)
        #expect(profiles[2]["baseURL"] as? String == harness.server.baseURL)
        #expect(profiles[0]["memIdx"] == nil)
        // Not a token in sight, masked or whole.
        #expect(!result.stdout.contains("accessToken\""))
        #expect(!result.stdout.contains("refresh"))
    }

    @Test func switchSetsTheDefaultProfileAndKeepsTheRestOfTheFile() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try prepare(harness)
        let before = try String(contentsOf: harness.configFile(), encoding: .utf8)
        let result = try await harness.report("auth", "switch", "prod", serverURLInEnvironment: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "The default profile is now prod (default_profile in \(harness.configFile().path)).\n")
        let after = try String(contentsOf: harness.configFile(), encoding: .utf8)
        #expect(after == before.replacingOccurrences(of: #"default_profile = "staging""#, with: #"default_profile = "prod""#) + "\n")
        let list = try await harness.report("auth", "list", "--json", serverURLInEnvironment: false).json()
        #expect(list["defaultProfile"] as? String == "prod")
        // `default` exists without a table, and switching to it works too.
        let back = try await harness.report("auth", "switch", "default", "--lang", "ko", serverURLInEnvironment: false)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stderr.hasPrefix("기본 프로필을 default(으)로 바꿨습니다("), "\(back.stderr)")
    }

    /// An unknown profile: one line naming the known ones, exit 64, config.toml untouched.
    @Test func switchRefusesAnUnknownProfile() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try prepare(harness)
        let before = try String(contentsOf: harness.configFile(), encoding: .utf8)
        let result = try await harness.report("auth", "switch", "stagign", serverURLInEnvironment: false)
        #expect(result.status == 64)
        #expect(result.stderr == "report: unknown profile 'stagign'; use one of default, prod, staging (report auth list shows them)\n")
        #expect(try String(contentsOf: harness.configFile(), encoding: .utf8) == before)
    }

    /// REPORT_PROFILE still chooses in this shell: said after the switch.
    @Test func switchSaysTheEnvironmentStillChooses() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try prepare(harness)
        let result = try await harness.report("auth", "switch", "prod", environment: ["REPORT_PROFILE": "staging"],
                                              serverURLInEnvironment: false)
        #expect(result.status == 0)
        #expect(result.stderrLines.last == "REPORT_PROFILE=staging still chooses the profile in this shell; unset it to use prod")
    }
}
