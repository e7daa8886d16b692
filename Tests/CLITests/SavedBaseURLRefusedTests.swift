import Foundation
import Testing
import TestSupport

/// `auth login` saved the base URL of a `report-server --port 0` in config.toml; the server was
/// restarted on another port. The refused connection now says where the URL came from and how to
/// point at the running server, instead of "check the base URL and your network". Said only where
/// that is known: a base URL from a flag or the environment is the user's own, just given.
@Suite("A saved base URL nothing answers at")
struct SavedBaseURLRefusedTests {
    @Test func theHintSaysHowToPointAtTheRunningServer() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        let login = try await harness.login()
        let saved = harness.server.baseURL
        #expect(login.stderr.contains("Saved base_url"), "\(login.stderr)")
        await harness.server.stopAndWait()

        let config = harness.configFile().path
        let hint = "\(saved) is the base URL \(config) keeps for profile default; if the service runs elsewhere now, give "
            + "--base-url URL or REPORT_BASE_URL=URL, or save it with `report config set base_url URL`"
        let list = try await harness.report("list", "--retries", "0", serverURLInEnvironment: false)
        #expect(list.status == 68, "\(list.stderr)")
        #expect(list.stderrLines.count == 1, "\(list.stderr)")
        #expect(list.stderr.hasPrefix("report: list: could not reach the service: "), "\(list.stderr)")
        #expect(list.stderr.hasSuffix("; " + hint + "\n"), "\(list.stderr)")

        let json = try await harness.report("list", "--retries", "0", "--json", serverURLInEnvironment: false)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any])
        #expect((error["error"] as? [String: Any])?["hint"] as? String == hint, "\(json.stderr)")

        let korean = try await harness.report("list", "--retries", "0", "--lang", "ko", serverURLInEnvironment: false)
        #expect(korean.stderr.contains("\(saved) 주소는 \(config)에 저장된 프로필 default의 기본 URL입니다."), "\(korean.stderr)")

        // Given by the user: the usual hint.
        let flag = try await harness.report("list", "--retries", "0", "--base-url", saved, serverURLInEnvironment: false)
        #expect(flag.status == 68)
        #expect(flag.stderr.hasSuffix("; check the base URL and your network\n"), "\(flag.stderr)")
    }

    /// Another profile's command names the profile.
    @Test func anotherProfileIsNamedInTheCommand() async throws {
        let harness = try await AuthHarness.start()
        defer { harness.expectNoTokenLeaks() }
        try harness.writeConfig("[profiles.staging]\nbase_url = \"http://127.0.0.1:9\"\n")
        let result = try await harness.report("status", "--profile", "staging", "--retries", "0", serverURLInEnvironment: false)
        #expect(result.status == 68, "\(result.stderr)")
        #expect(result.stderr.contains("keeps for profile staging;"), "\(result.stderr)")
        #expect(result.stderr.contains("`report config set base_url URL --profile staging`"), "\(result.stderr)")
    }
}
