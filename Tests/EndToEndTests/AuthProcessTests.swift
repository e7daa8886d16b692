import Foundation
import Testing
import TestSupport

/// `report auth …` where processes are the point: the built `report` under a permissive umask,
/// at a terminal of its own (the hidden prompt, Ctrl-C and SIGTERM), and three processes
/// refreshing one expired token at once (the lock between processes). The rest of `report auth`
/// runs in-process (CLITests' AuthCommandTests).
@Suite("report auth and stored credentials, as processes")
struct AuthProcessTests {
    private func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func credentialsAre0600In0700EvenUnderAPermissiveUmask() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let result = try await harness.run(executable: URL(fileURLWithPath: "/bin/sh"),
                                     ["-c", "umask 000; exec \"$0\" auth login --with-token", Paths.report.path],
                                     stdin: harness.refreshTokens[0])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(harness.credentialsFile()) == 0o600)
        #expect(try mode(harness.configDirectory()) == 0o700)
        #expect(try mode(harness.configDirectory().appendingPathComponent("credentials.lock")) == 0o600)
        #expect(try mode(harness.configDirectory().appendingPathComponent("config.lock")) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: harness.configDirectory().path)
        // config.toml: the base URL signed in to (REPORT_BASE_URL), remembered for new shells, under config.lock.
        #expect(Set(leftovers) == ["credentials.json", "credentials.lock", "config.toml", "config.lock"], "no temporary file is left behind")
    }

    /// `report auth login` on a terminal of its own (Tests/Scripts/terminal.py): waits for the
    /// hidden prompt, then types or signals as `action` says.
    private func loginAtATerminal(_ harness: AuthHarness, _ action: String, prompt: String = "it will not be shown: ",
                                  language: [String] = []) async throws -> [String: Any] {
        let run = try await harness.run(executable: URL(fileURLWithPath: "/usr/bin/env"), [
            "python3", Paths.repository.appendingPathComponent("Tests/Scripts/terminal.py").path,
            prompt, action, Paths.report.path, "auth", "login",
        ] + language)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func loginAtATerminalAsksWithoutEchoAndSignsIn() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let session = try await loginAtATerminal(harness, "type:\(harness.refreshTokens[0])")
        let shown = session["output"] as? String ?? ""
        #expect(session["status"] as? Int == 0, "\(shown)")
        #expect(shown.contains("Signed in to \(harness.server.baseURL) as 김은미"))
        #expect(!shown.contains(harness.refreshTokens[0]), "the typed token is not echoed")
        #expect(session["echoAfter"] as? Bool == true)
        #expect(try harness.credentials()?["default"] != nil)
    }

    /// The prompt in Korean with `--lang ko`: the same hidden typing.
    @Test func thePromptSpeaksKorean() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let session = try await loginAtATerminal(harness, "type:\(harness.refreshTokens[0])",
                                                 prompt: "입력한 내용은 화면에 표시되지 않습니다: ", language: ["--lang", "ko"])
        let shown = session["output"] as? String ?? ""
        #expect(session["status"] as? Int == 0, "\(shown)")
        #expect(shown.contains("\(harness.server.baseURL)의 리프레시 토큰을 붙여 넣으세요(프로필 default)"), "\(shown)")
        #expect(!shown.contains(harness.refreshTokens[0]), "the typed token is not echoed")
    }

    /// Ctrl-C (a byte while the prompt has signals off) and SIGTERM from elsewhere both end the
    /// sign-in with nothing stored and the terminal echoing again.
    @Test(arguments: [("type:\u{3}", 130), ("signal:TERM", 143)])
    func stoppingTheHiddenPromptRestoresTheTerminal(action: String, status: Int) async throws {
        let harness = try await AuthHarness.start()
        let session = try await loginAtATerminal(harness, action)
        #expect(session["status"] as? Int == status, "\(session["output"] ?? "")")
        #expect(session["echoAfter"] as? Bool == true)
        #expect(try harness.credentials() == nil)
    }

    @Test func processesRefreshingAtOnceAllSucceedAndTheStoredRefreshTokenStillWorks() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_expired", expiresAt: AuthHarness.now - 100, refreshToken: harness.refreshTokens[0])])
        // Three processes find the token expired together. The lock serialises them; the first
        // refreshes, the others find its token on re-reading the file and use it.
        let runs = await withTaskGroup(of: RunResult?.self) { group in
            for _ in 0..<3 { group.addTask { try? await harness.report("auth", "token") } }
            var all: [RunResult?] = []
            for await result in group { all.append(result) }
            return all
        }
        let tokens = try runs.map { result in
            let result = try #require(result)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(Set(tokens).count == 1, "one refresh, one token for all")
        let stored = try #require(try harness.credentials()?["default"])
        #expect(tokens.first == (stored["accessToken"] as? String).map { $0 + "\n" })

        // Again with fetches (two requests each), and then the stored refresh token must still work.
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_expired_again", expiresAt: AuthHarness.now - 100,
            refreshToken: try #require(stored["refreshToken"] as? String))])
        let fetches = await withTaskGroup(of: Int32.self) { group in
            for _ in 0..<2 { group.addTask { (try? await harness.report("fetch", "--term", "1001"))?.status ?? -1 } }
            var all: [Int32] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(fetches == [0, 0])
        let latest = try #require(try harness.credentials()?["default"])
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_forced", expiresAt: AuthHarness.now - 100,
            refreshToken: try #require(latest["refreshToken"] as? String))])
        let after = try await harness.report("fetch", "--term", "1003")
        #expect(after.status == 0, "the stored refresh token still works: \(after.stderr)")
    }
}
