import Domain
import Foundation
import Synchronization
import Testing
import TestSupport

/// `report auth …` and the stored credentials behind every command, in-process against a
/// `report-server` of each test's own (refresh tokens rotate and work once). What needs processes
/// (a umask, a terminal, several processes refreshing at once) is in EndToEndTests' AuthProcessTests.
@Suite("report auth and stored credentials")
struct AuthCommandTests {
    private func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    // MARK: Signing in

    @Test func loginWithTokenThenFetchWorksWithoutREPORT_TOKEN() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let login = try await harness.login()
        #expect(login.stdout == "")
        #expect(login.stderr.contains("Signed in to \(harness.server.baseURL) as 김은미"))
        #expect(login.stderr.contains("profile default"))

        let stored = try #require(try harness.credentials()?["default"])
        #expect(stored["memIdx"] as? Int == 42)
        #expect(stored["baseURL"] as? String == harness.server.baseURL)
        #expect(stored["refreshToken"] as? String != harness.refreshTokens[0], "the refresh token rotated")
        #expect((stored["accessTokenExpiresAt"] as? Int ?? 0) > AuthHarness.now)
        #expect(try mode(harness.credentialsFile()) == 0o600)
        #expect(try mode(harness.configDirectory()) == 0o700)

        let fetch = try await harness.report("fetch", "--term", "1001")
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.contains("사람인"))
    }

    @Test func loginJSONDescribesTheSessionWithAMaskedToken() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let result = try await harness.login("--json")
        let document = try result.json()
        #expect(document["profile"] as? String == "default")
        #expect(document["baseURL"] as? String == harness.server.baseURL)
        #expect(document["source"] as? String == "stored")
        #expect((document["member"] as? [String: Any])?["memIdx"] as? Int == 42)
        let masked = try #require(document["accessToken"] as? String)
        #expect(masked.hasSuffix("…") && masked.count <= 5)
        #expect(document["accessTokenExpiresAt"] is String)
    }

    /// An access token pasted into `auth login` (the demo's `demo-access-42`, or one a CI job
    /// has): the refusal says where an access token goes, in both languages.
    @Test func anAccessTokenGivenToLoginIsToldToGoToREPORTTOKEN() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let result = try await harness.report("auth", "login", "--with-token", stdin: "demo-access-42\n")
        #expect(result.status == 4)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("for an access token, set REPORT_TOKEN to it instead"), "\(result.stderr)")
        let korean = try await harness.report("auth", "login", "--with-token", "--lang", "ko", stdin: "demo-access-42\n")
        #expect(korean.stderr.contains("액세스 토큰이라면 로그인 대신 REPORT_TOKEN에 넣으세요"), "\(korean.stderr)")
        #expect(try harness.credentials() == nil)
    }

    @Test func loginWithoutWithTokenWhenStdinIsNotATerminalIsAUsageError() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let result = try await harness.report("auth", "login", stdin: harness.refreshTokens[0])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--with-token"))
        let korean = try await harness.report("auth", "login", "--lang", "ko", stdin: harness.refreshTokens[0])
        #expect(korean.status == 64)
        #expect(korean.stderr.hasPrefix("report: 리프레시 토큰이 없습니다. 표준 입력이 터미널이 아니라서 토큰을 입력받을 수 없습니다. `report auth login --with-token < FILE`로 토큰을 넘겨 주세요."),
                "\(korean.stderr)")
        #expect(try harness.credentials() == nil)
    }

    @Test func loginWithASpentRefreshTokenExits4AndKeepsTheStoredCredentials() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try await harness.login()
        let before = try Data(contentsOf: harness.credentialsFile())
        let again = try await harness.report("auth", "login", "--with-token", stdin: harness.refreshTokens[0])
        #expect(again.status == 4)
        #expect(again.stderr.contains("did not accept this refresh token"))
        #expect(again.stderr.contains("report auth login"))
        #expect(try Data(contentsOf: harness.credentialsFile()) == before)
    }

    // MARK: Refreshing

    @Test(.tags(.slow)) func anExpiredAccessTokenIsRefreshedAndTheRotatedRefreshTokenPersisted() async throws {
        let harness = try await AuthHarness.start(tokenTTL: 3)
        defer { harness.expectNoTokenLeaks() }
        try await harness.login()
        let first = try #require(try harness.credentials()?["default"])
        try await Task.sleep(for: .seconds(3.5))

        let fetch = try await harness.report("fetch", "--term", "1001")
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let second = try #require(try harness.credentials()?["default"])
        #expect(second["refreshToken"] as? String != first["refreshToken"] as? String)
        #expect(second["accessToken"] as? String != first["accessToken"] as? String)

        // The refresh token stored before the refresh has been spent: the server refuses it now.
        let other = harness.makeConfigHome()
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_expired", expiresAt: AuthHarness.now - 10,
            refreshToken: try #require(first["refreshToken"] as? String))], home: other)
        let stale = try await harness.report("auth", "token", home: other)
        #expect(stale.status == 4)
        #expect(stale.stdout == "")
        #expect(stale.stderr.contains("the sign-in has expired"))
        #expect(stale.stderr.contains("run `report auth login` to sign in"))
    }

    @Test func a401IsAnsweredByOneRefreshAndTheRequestSucceeds() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_unknown_to_the_server", expiresAt: AuthHarness.now + 3600,
            refreshToken: harness.refreshTokens[0])])
        let fetch = try await harness.report("fetch", "--term", "1001", "--json")
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stderr == "")
        let stored = try #require(try harness.credentials()?["default"])
        let refreshToken = try #require(stored["refreshToken"] as? String)
        #expect(refreshToken != harness.refreshTokens[0])
        #expect(stored["accessToken"] as? String != "at_unknown_to_the_server")

        // The rotated refresh token was persisted and works: force another refresh with it.
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_unknown_again", expiresAt: AuthHarness.now + 3600, refreshToken: refreshToken)])
        let again = try await harness.report("fetch", "--term", "1002")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try harness.credentials()?["default"]?["refreshToken"] as? String != refreshToken)
    }

    @Test func aSpentRefreshTokenEndsTheSignInWithExit4NamingTheLoginCommand() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_expired", expiresAt: AuthHarness.now - 10, refreshToken: "rt-never-issued")])
        let fetch = try await harness.report("fetch", "--term", "1001")
        #expect(fetch.status == 4)
        #expect(fetch.stdout == "")
        #expect(fetch.stderr.contains("the sign-in has expired"))
        #expect(fetch.stderr.contains("`report auth login`"))
        #expect(fetch.stderr.split(separator: "\n").count == 1)

        let json = try await harness.report("fetch", "--term", "1001", "--json")
        #expect(json.status == 4)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any])
        let body = try #require(error["error"] as? [String: Any])
        #expect(body["code"] as? String == "unauthorized")
        #expect((body["hint"] as? String)?.contains("report auth login") == true)
    }

    // MARK: Files that cannot be trusted

    @Test func aCorruptCredentialsFileExits78NamingItAndIsNeverOverwritten() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeCredentials([:])
        let file = harness.credentialsFile()
        try Data("{\"version\": 1, \"profiles\": {\"default\": ".utf8).write(to: file)
        let fetch = try await harness.report("fetch", "--term", "1001")
        #expect(fetch.status == 78)
        #expect(fetch.stderr.hasPrefix("report: \(file.path): is not a valid credentials file"))
        #expect(fetch.stderr.contains("delete it and run `report auth login`"))

        let login = try await harness.report("auth", "login", "--with-token", stdin: harness.refreshTokens[0])
        #expect(login.status == 78)
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"version\": 1, \"profiles\": {\"default\": ")

        // The refresh token was not spent by the refused login: after deleting the file it works.
        try FileManager.default.removeItem(at: file)
        try await harness.login()
    }

    @Test func credentialsReadableByOthersExit78() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try await harness.login()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: harness.credentialsFile().path)
        let fetch = try await harness.report("fetch", "--term", "1001")
        #expect(fetch.status == 78)
        #expect(fetch.stderr.contains(harness.credentialsFile().path))
        #expect(fetch.stderr.contains("0644"))
        #expect(fetch.stderr.contains("chmod 600"))
        #expect(try mode(harness.credentialsFile()) == 0o644, "report does not repair it silently")

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: harness.credentialsFile().path)
        try FileManager.default.setAttributes([.posixPermissions: 0o775], ofItemAtPath: harness.configDirectory().path)
        let status = try await harness.report("auth", "status")
        #expect(status.status == 78)
        #expect(status.stderr.contains(harness.configDirectory().path))
        #expect(status.stderr.contains("chmod go-w"))

        // 0755, as `mkdir -p ~/.config/report` makes it, is fine (ssh's StrictModes agrees).
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: harness.configDirectory().path)
        let accepted = try await harness.report("auth", "status")
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    // MARK: status, logout, token

    @Test func statusSaysWhoIsSignedInAndMasksTheToken() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try await harness.login()
        let accessToken = try #require(try harness.credentials()?["default"]?["accessToken"] as? String)
        let status = try await harness.report("auth", "status")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("Signed in to \(harness.server.baseURL) as 김은미 <eunmi.kim@example.com> (member 42)"))
        #expect(status.stdout.contains("profile:      default"))
        #expect(status.stdout.contains("access token: \(accessToken.prefix(4))…, expires "))
        #expect(!status.stdout.contains(accessToken.prefix(5)))

        let json = try await harness.report("auth", "status", "--json")
        #expect(json.status == 0)
        let document = try json.json()
        #expect(document["source"] as? String == "stored")
        #expect(document["accessToken"] as? String == "\(accessToken.prefix(4))…")
        #expect((document["member"] as? [String: Any])?["name"] as? String == "김은미")
    }

    /// `auth status` in Korean: the member named with 님, the token's expiry in KST as a Korean
    /// date — never the ISO-8601 UTC time English shows (the Korean review's rows 23 and 24).
    @Test func statusInKoreanSaysTheExpiryInKST() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try await harness.login()
        let english = try await harness.report("auth", "status")
        let korean = try await harness.report("auth", "status", "--lang", "ko")
        #expect(korean.status == 0, "\(korean.stderr)")
        let iso = try #require(english.stdout.firstMatch(of: /expires (\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):\d{2}Z/), "\(english.stdout)")
        // The same instant, nine hours later on the clock.
        var day = CivilDay(year: Int(iso.1)!, month: Int(iso.2)!, day: Int(iso.3)!)
        var hour = Int(iso.4)! + 9
        if hour >= 24 { (hour, day) = (hour - 24, CivilDay(daysSince1970: day.daysSince1970 + 1)) }
        let expected = "\(day.year)년 \(day.month)월 \(day.day)일 \(hour < 10 ? "0" : "")\(hour):\(iso.5) 만료("
        #expect(korean.stdout.contains(expected), "\(expected) in \(korean.stdout)")
        #expect(!korean.stdout.contains("UTC") && korean.stdout.firstMatch(of: /\d{4}-\d{2}-\d{2}T/) == nil, "\(korean.stdout)")
        #expect(korean.stdout.hasPrefix("김은미 님(eunmi.kim@example.com, 회원 번호 42)으로 로그인되어 있습니다."), "\(korean.stdout)")
    }

    @Test func statusWhenSignedOutOrRejectedExits4() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let signedOut = try await harness.report("auth", "status")
        #expect(signedOut.status == 4)
        #expect(signedOut.stdout == "")
        #expect(signedOut.stderr.contains("not signed in to \(harness.server.baseURL) (profile default)"))
        #expect(signedOut.stderr.contains("run `report auth login` to sign in"))

        let json = try await harness.report("auth", "status", "--json")
        #expect(json.status == 4)
        #expect(json.stdout == "")
        #expect(json.stderr.contains("\"code\":\"unauthorized\""))

        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_unknown", expiresAt: AuthHarness.now + 3600, refreshToken: "rt-unknown")])
        let rejected = try await harness.report("auth", "status")
        #expect(rejected.status == 4)
        #expect(rejected.stderr.contains("the sign-in has expired"))
    }

    @Test func logoutRemovesTheCredentialsAndSucceedsWhenThereAreNone() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try await harness.login()
        let logout = try await harness.report("auth", "logout")
        #expect(logout.status == 0)
        #expect(logout.stderr.contains("Signed out: removed the stored credentials of profile default"))
        #expect(!FileManager.default.fileExists(atPath: harness.credentialsFile().path))

        let again = try await harness.report("auth", "logout")
        #expect(again.status == 0)
        #expect(again.stderr.contains("there were no stored credentials for profile default"))
        #expect(try await harness.report("auth", "status").status == 4)
        #expect(try await harness.report("fetch", "--term", "1001").status == 4)
    }

    @Test func logoutWithoutAnyConfigurationCreatesNothing() async throws {
        let harness = try await AuthHarness.start()
        let logout = try await harness.report("auth", "logout")
        #expect(logout.status == 0)
        #expect(!FileManager.default.fileExists(atPath: harness.configDirectory().path))
    }

    @Test func tokenPrintsAValidAccessTokenRefreshingWhenNeeded() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_expired", expiresAt: AuthHarness.now - 1, refreshToken: harness.refreshTokens[0])])
        let token = try await harness.report("auth", "token")
        #expect(token.status == 0, "\(token.stderr)")
        #expect(token.stderr == "")
        let printed = token.stdout.trimmingCharacters(in: .newlines)
        #expect(token.stdout == printed + "\n")
        #expect(printed != "at_expired")
        #expect(printed == (try harness.credentials()?["default"]?["accessToken"] as? String))

        // It works as an access token.
        let fetch = try await harness.report("fetch", "--term", "1001", environment: ["REPORT_TOKEN": printed],
                                       home: harness.makeConfigHome())
        #expect(fetch.status == 0)
        // Unexpired, it is printed as is.
        #expect(try await harness.report("auth", "token").stdout == token.stdout)
    }

    // MARK: REPORT_TOKEN

    @Test func REPORT_TOKENOverridesStoredCredentialsAndIsNeverRefreshed() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        // Stored credentials that would need a refresh if they were used.
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_unknown", expiresAt: AuthHarness.now + 3600, refreshToken: harness.refreshTokens[0])])
        let before = try Data(contentsOf: harness.credentialsFile())

        let fetch = try await harness.report("fetch", "--term", "1001", environment: ["REPORT_TOKEN": "demo-access-42"])
        #expect(fetch.status == 0, "\(fetch.stderr)")

        let status = try await harness.report("auth", "status", "--json", environment: ["REPORT_TOKEN": "demo-access-42"])
        #expect(status.status == 0)
        #expect(try status.json()["source"] as? String == "environment")

        let rejected = try await harness.report("fetch", "--term", "1001", environment: ["REPORT_TOKEN": "not-a-valid-token"])
        #expect(rejected.status == 4)
        #expect(rejected.stderr.contains("REPORT_TOKEN was rejected"))
        #expect(try Data(contentsOf: harness.credentialsFile()) == before, "nothing was refreshed or rewritten")

        // The refresh token is unspent: signing in with it still works.
        try await harness.login()
    }

    // MARK: Leaks

    @Test(.tags(.slow)) func noTokenAppearsInAnyOutputButAuthTokensStdout() async throws {
        let harness = try await AuthHarness.start(refreshTokenCount: 2, tokenTTL: 3)
        try await harness.login("--json")
        try await harness.report("auth", "status")
        try await harness.report("auth", "status", "--json")
        try await harness.report("fetch", "--term", "1001", "--json")
        try await harness.report("fetch", "--term", "2001")
        try await harness.report("auth", "token")
        try await harness.report("auth", "login", "--with-token", stdin: harness.refreshTokens[0])
        try await harness.report("auth", "status", "--json", environment: ["REPORT_TOKEN": "demo-access-42"])
        try await harness.report("fetch", "--term", "1001", environment: ["REPORT_TOKEN": "bad-token-value"])
        try await harness.report("fetch", "--term", "1001", "--json", environment: ["REPORT_TOKEN": "bad-token-value"])
        try await Task.sleep(for: .seconds(3.5))
        try await harness.report("auth", "status", "--json")
        try await harness.report("auth", "logout")
        try await harness.report("auth", "status", "--json")
        try harness.writeCredentials(["default": harness.profile(
            accessToken: "at_leak_probe", expiresAt: AuthHarness.now - 1, refreshToken: "rt_leak_probe")])
        try await harness.report("auth", "status")
        try await harness.report("fetch", "--term", "1001", "--json")
        try await harness.report("auth", "login", "--with-token", stdin: harness.refreshTokens[1])
        #expect(harness.runCount == 16)
        harness.expectNoTokenLeaks()
    }
}
