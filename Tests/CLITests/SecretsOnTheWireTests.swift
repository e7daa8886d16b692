import Foundation
import Synchronization
import Testing
import TestSupport

/// What reaches the wire, and where: a request with a body never follows a redirect, a POST is
/// never sent twice behind the client's back, a proxy never sees a loopback request, and
/// `report api` never leaves the base path. In-process; the proxy variables, which libcurl reads from
/// the environment of the process, are EndToEndTests' SecretsOnTheWireProcessTests.
@Suite("secrets and single-use requests on the wire")
struct SecretsOnTheWireTests {
    static let grant = #"{"accessToken": "at-new", "refreshToken": "rt-new", "expiresIn": 3600, "tokenType": "Bearer", "memIdx": 42}"#

    /// A configuration home with stored credentials for `baseURL`.
    private func credentialsHome(baseURL: String, accessToken: String = "at-old", expiresIn: Int = 3600) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-wire-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let profile: [String: Any] = ["baseURL": baseURL, "memIdx": 42, "accessToken": accessToken,
                                      "accessTokenExpiresAt": Int(Date().timeIntervalSince1970) + expiresIn,
                                      "refreshToken": "rt-old"]
        let data = try JSONSerialization.data(withJSONObject: ["version": 1, "profiles": ["default": profile]], options: [.sortedKeys])
        #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent("credentials.json").path, contents: data,
                                               attributes: [.posixPermissions: 0o600]))
        return home
    }

    private func redirect(to server: LoopbackServer, status: Int) -> LoopbackServer.Handler {
        { request, connection in
            connection.respond(status: status, headers: [("Location", server.baseURL + request.target)], body: [])
            return .keepAlive
        }
    }

    // MARK: 1. no redirect for a request with a body

    @Test(arguments: [307, 308])
    func theRefreshGrantNeverFollowsARedirect(status: Int) async throws {
        let elsewhere = try LoopbackServer(routes: ["/v1/auth/token": LoopbackServer.json(200, Self.grant)])
        let service = try LoopbackServer()
        service.route("/v1/auth/token", redirect(to: elsewhere, status: status))
        defer { elsewhere.stop(); service.stop() }
        let home = try credentialsHome(baseURL: service.baseURL, expiresIn: -60)
        let credentials = home.appendingPathComponent("report/credentials.json")
        let before = try Data(contentsOf: credentials)

        let result = await reportInProcess(["api", "/v1/me"],
                                           environment: ["XDG_CONFIG_HOME": home.path, "REPORT_BASE_URL": service.baseURL])
        #expect(result.status == 76)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("redirect (HTTP \(status))"), "\(result.stderr)")
        #expect(elsewhere.requests.isEmpty, "the refresh token went to another origin")
        #expect(service.requests(to: "/v1/auth/token").count == 1)
        #expect(try Data(contentsOf: credentials) == before, "nothing is stored")
    }

    @Test func signingInNeverFollowsARedirect() async throws {
        let elsewhere = try LoopbackServer(routes: ["/v1/auth/token": LoopbackServer.json(200, Self.grant)])
        let service = try LoopbackServer()
        service.route("/v1/auth/token", redirect(to: elsewhere, status: 307))
        defer { elsewhere.stop(); service.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-wire-\(UUID().uuidString)")

        let result = await reportInProcess(["auth", "login", "--with-token"],
                                           environment: ["XDG_CONFIG_HOME": home.path, "REPORT_BASE_URL": service.baseURL],
                                           input: "rt-secret\n")
        #expect(result.status == 76)
        #expect(result.stderrLines.count == 1)
        #expect(elsewhere.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("report/credentials.json").path))
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func apiRequestsWithABodyNeverFollowARedirect(method: String) async throws {
        let elsewhere = try LoopbackServer(routes: ["/v1/orders": LoopbackServer.json(200, "{}")])
        let service = try LoopbackServer()
        service.route("/v1/orders", redirect(to: elsewhere, status: 308))
        defer { elsewhere.stop(); service.stop() }
        let result = await reportInProcess(["api", "-X", method, "/v1/orders", "--input", "-"],
                                           environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"],
                                           input: #"{"item": 1}"#)
        #expect(result.status == 76)
        #expect(elsewhere.requests.isEmpty)
        #expect(service.requests(to: "/v1/orders").count == 1)
    }

    @Test func aGETStillFollowsARedirectOnItsOwnOrigin() async throws {
        let service = try LoopbackServer(routes: ["/v1/me2": LoopbackServer.json(200, #"{"memIdx": 42}"#)])
        service.route("/v1/me") { _, connection in
            connection.respond(status: 302, headers: [("Location", "/v1/me2")], body: [])
            return .keepAlive
        }
        defer { service.stop() }
        let result = await reportInProcess(["api", "/v1/me"],
                                           environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("42"))
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func headersGivenWithHAreNotSentToAnotherOrigin(status: Int) async throws {
        let elsewhere = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, #"{"memIdx": 7}"#)])
        let service = try LoopbackServer()
        service.route("/v1/me", redirect(to: elsewhere, status: status))
        defer { elsewhere.stop(); service.stop() }
        let given = ["X-Api-Key: key-1", "Private-Token: pt-2", "X-Custom: plain", "Accept: application/vnd.test+json"]
        let result = await reportInProcess(["api", "/v1/me"] + given.flatMap { ["-H", $0] },
                                           environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("7"))
        let sent = try #require(service.requests(to: "/v1/me").first)
        #expect(sent.header("X-Api-Key") == "key-1" && sent.header("Private-Token") == "pt-2")
        let followed = try #require(elsewhere.requests(to: "/v1/me").first)
        for name in ["X-Api-Key", "Private-Token", "X-Custom", "Authorization"] {
            #expect(followed.header(name) == nil, "\(name) went to another origin")
        }
        #expect(followed.header("Accept") != "application/vnd.test+json", "-H Accept went to another origin")
    }

    @Test func headersGivenWithHFollowARedirectOnTheirOwnOrigin() async throws {
        let service = try LoopbackServer(routes: ["/v1/me2": LoopbackServer.json(200, #"{"memIdx": 42}"#)])
        service.route("/v1/me") { _, connection in
            connection.respond(status: 302, headers: [("Location", "/v1/me2")], body: [])
            return .keepAlive
        }
        defer { service.stop() }
        let result = await reportInProcess(["api", "/v1/me", "-H", "X-Api-Key: key-1"],
                                           environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"])
        #expect(result.status == 0, "\(result.stderr)")
        let followed = try #require(service.requests(to: "/v1/me2").first)
        #expect(followed.header("X-Api-Key") == "key-1")
        #expect(followed.header("Authorization") == "Bearer at-ci")
    }

    @Test func aRedirectLoopWithHeadersGivenStillEnds() async throws {
        let service = try LoopbackServer()
        service.route("/v1/loop") { _, connection in
            connection.respond(status: 302, headers: [("Location", "/v1/loop")], body: [])
            return .keepAlive
        }
        defer { service.stop() }
        let result = await reportInProcess(["api", "/v1/loop", "-H", "X-Api-Key: key-1", "--retries", "0"],
                                           environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"])
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("too many redirects"), "\(result.stderr)")
        #expect(service.requests(to: "/v1/loop").count == 6)
    }

    // MARK: 2. at most once on the wire

    @Test func aRefreshOnAReusedConnectionThatDiesIsNotSentAgain() async throws {
        // The service refuses the access token, then drops any request that comes on a connection
        // that has served one before: libcurl used to re-send the grant there silently.
        let served = Mutex<[ServerConnection]>([])
        @Sendable func isReused(_ connection: ServerConnection) -> Bool {
            served.withLock { list in
                defer { list.append(connection) }
                return list.contains { $0 === connection }
            }
        }
        let service = try LoopbackServer()
        service.route("/v1/me") { request, connection in
            _ = isReused(connection)
            if request.header("Authorization") == "Bearer at-new" {
                connection.respond(status: 200, body: #"{"memIdx": 42, "name": "김은미", "email": "e@example.com"}"#)
            } else {
                connection.respond(status: 401, body: #"{"error": {"code": "invalid_token", "message": "expired"}}"#)
            }
            return .keepAlive
        }
        service.route("/v1/auth/token") { _, connection in
            if isReused(connection) {
                connection.close()
                return .close
            }
            connection.respond(status: 200, body: Self.grant)
            return .keepAlive
        }
        defer { service.stop() }
        let home = try credentialsHome(baseURL: service.baseURL)
        let result = await reportInProcess(["api", "/v1/me", "--verbose"],
                                           environment: ["XDG_CONFIG_HOME": home.path, "REPORT_BASE_URL": service.baseURL])
        #expect(service.requests(to: "/v1/auth/token").count == 1, "the single-use refresh token went on the wire twice")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "→ POST ").count - 1 == 1, "--verbose logs the one attempt: \(result.stderr)")
    }

    @Test func aPOSTOnAReusedConnectionThatDiesIsNotSentAgain() async throws {
        // The order is refused once (401: the token is refreshed and the order sent once more, as
        // documented); a request on a connection that has served the order before is dropped.
        let served = Mutex<[ServerConnection]>([])
        let service = try LoopbackServer(routes: ["/v1/auth/token": LoopbackServer.json(200, Self.grant)])
        service.route("/v1/orders") { request, connection in
            if served.withLock({ list in list.contains { $0 === connection } }) {
                connection.close()
                return .close
            }
            served.withLock { $0.append(connection) }
            if request.header("Authorization") == "Bearer at-new" {
                connection.respond(status: 201, body: #"{"order": 1}"#)
            } else {
                connection.respond(status: 401, body: #"{"error": {"code": "invalid_token", "message": "expired"}}"#)
            }
            return .keepAlive
        }
        defer { service.stop() }
        let home = try credentialsHome(baseURL: service.baseURL)
        let result = await reportInProcess(["api", "-X", "POST", "/v1/orders", "--input", "-"],
                                           environment: ["XDG_CONFIG_HOME": home.path, "REPORT_BASE_URL": service.baseURL],
                                           input: "{}")
        #expect(service.requests(to: "/v1/orders").count == 2, "the refused order and the one after the refresh, no more")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("order"))
    }

    // MARK: 7. redaction, REPORT_TOKEN, sign-in checks

    @Test func verboseRedactsEscapedKeysAndValuesThatAreNotStrings() async throws {
        let service = try LoopbackServer(routes: ["/v1/orders": LoopbackServer.json(201, "{}")])
        defer { service.stop() }
        let body = #"{"refresh\u0054oken": "rt-escaped-secret", "password": 987654321, "apiKey": {"v": "nested-secret"}}"#
        let result = await reportInProcess(["api", "-X", "POST", "/v1/orders", "--input", "-", "--verbose"],
                                           environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"], input: body)
        #expect(result.status == 0)
        #expect(result.stderr.contains("[REDACTED]"))
        for secret in ["rt-escaped-secret", "987654321", "nested-secret", "at-ci"] {
            #expect(!result.stderr.contains(secret), "\(secret) in the log: \(result.stderr)")
        }
    }

    /// A secret in a URL or a path is redacted in every message that shows it, as `--verbose`
    /// redacts it: a token in the query, the password of a URL's user information.
    @Test func errorMessagesRedactWhatVerboseRedacts() async throws {
        let service = try LoopbackServer(routes: [
            "/x": LoopbackServer.json(404, #"{"error": {"code": "not_found", "message": "no such path"}}"#),
        ])
        defer { service.stop() }
        let environment = ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"]
        let notFound = await reportInProcess(["api", "/x?access_token=S3CRET-Q&page=1"], environment: environment)
        #expect(notFound.status == 66)
        #expect(notFound.stderrLines.first?.hasPrefix("report: GET /x?access_token=[REDACTED]&page=1: ") == true, "\(notFound.stderr)")
        let verbose = await reportInProcess(["api", "/x?access_token=S3CRET-Q&page=1", "--verbose"], environment: environment)
        #expect(verbose.stderr.contains("/x?access_token=[REDACTED]&page=1"), "\(verbose.stderr)")

        let refused = await reportInProcess(["api", "ftp://me:PW-S3CRET@elsewhere.example/x?token=S3CRET-Q"], environment: environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("refusing ftp://me:[REDACTED]@elsewhere.example/x?token=[REDACTED]: "), "\(refused.stderr)")

        let config = await reportInProcess(["config", "set", "base_url", "http://me:PW-S3CRET@reports.example.com"])
        #expect(config.status == 64)
        #expect(config.stderr.hasPrefix("report: invalid base_url 'http://me:[REDACTED]@reports.example.com': it must not contain credentials"),
                "\(config.stderr)")

        for result in [notFound, verbose, refused, config] {
            #expect(!result.stderr.contains("S3CRET"), "\(result.stderr)")
        }
        #expect(service.requests.count == 2, "the refused URL was never sent")
    }

    /// A 304 is the answer to a request that offered a cached copy; to one that did not, it is an
    /// answer report cannot use (76), and not a redirect.
    @Test func aNotModifiedNobodyAskedForIsAnInvalidResponseNotARedirect() async throws {
        let service = try LoopbackServer(routes: ["/v1/me": { _, connection in
            connection.respond(status: 304, headers: [("ETag", #""e1""#)], body: [])
            return .keepAlive
        }])
        defer { service.stop() }
        let result = await reportInProcess(["api", "/v1/me"], environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": "at-ci"])
        #expect(result.status == 76)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix(
            "report: GET /v1/me: the service answered 304 Not Modified, which report did not ask for: the request had no cached copy to revalidate"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("redirect") && !result.stderr.contains("POST"))
    }

    @Test(arguments: ["at-ok\r", "at-ok\n", "at\u{1B}[2Jx", "at\u{85}x"])
    func aReportTokenWithAControlCharacterIsRefusedUpFront(token: String) async throws {
        let service = try LoopbackServer(routes: ["/v1/me": LoopbackServer.json(200, "{}")])
        defer { service.stop() }
        let result = await reportInProcess(["api", "/v1/me"],
                                           environment: ["REPORT_BASE_URL": service.baseURL, "REPORT_TOKEN": token])
        #expect(result.status == 78)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("REPORT_TOKEN"))
        #expect(!result.stderr.contains("at-ok") && !result.stderr.contains("\u{1B}"), "the token is never echoed")
        #expect(service.requests.isEmpty)
    }

    /// A service whose grant names one member and whose /v1/me another, or whose /v1/me fails.
    private func signInService(me: @escaping LoopbackServer.Handler) throws -> LoopbackServer {
        let service = try LoopbackServer(routes: ["/v1/auth/token": LoopbackServer.json(200, Self.grant)])
        service.route("/v1/me", me)
        return service
    }

    @Test func signingInChecksTheMemberWithTheService() async throws {
        let service = try signInService(me: LoopbackServer.json(200, #"{"memIdx": 7, "name": "다른 사람", "email": "x@example.com"}"#))
        defer { service.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-wire-\(UUID().uuidString)")
        let result = await reportInProcess(["auth", "login", "--with-token"],
                                           environment: ["XDG_CONFIG_HOME": home.path, "REPORT_BASE_URL": service.baseURL], input: "rt-1\n")
        #expect(result.status == 76)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("issued for member 42, but GET /v1/me answered for member 7; the credentials were not kept"))
        let file = home.appendingPathComponent("report/credentials.json")
        let document = (try? Data(contentsOf: file)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        #expect((document?["profiles"] as? [String: Any])?["default"] == nil, "nothing of the sign-in is kept")
    }

    @Test func aFailedCheckAfterSigningInSaysTheCredentialsAreSaved() async throws {
        let service = try signInService(me: LoopbackServer.json(500, #"{"error": {"code": "internal", "message": "boom"}}"#))
        defer { service.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-wire-\(UUID().uuidString)")
        let result = await reportInProcess(["auth", "login", "--with-token", "--retries", "0"],
                                           environment: ["XDG_CONFIG_HOME": home.path, "REPORT_BASE_URL": service.baseURL], input: "rt-1\n")
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("signed in as member 42 and saved the credentials of profile default, but checking them with the service failed"),
                "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("report/credentials.json").path))
        // In Korean: what was saved, why it could not be checked, what to do, each in Korean.
        let koreanHome = FileManager.default.temporaryDirectory.appendingPathComponent("report-wire-\(UUID().uuidString)")
        let korean = await reportInProcess(["auth", "login", "--with-token", "--retries", "0", "--lang", "ko"],
                                           environment: ["XDG_CONFIG_HOME": koreanHome.path, "REPORT_BASE_URL": service.baseURL], input: "rt-1\n")
        #expect(korean.status == 3)
        #expect(korean.stderr.contains("프로필 default에 회원 번호 42의 인증 정보를 저장했지만 서비스에서 확인하지 못했습니다: "), "\(korean.stderr)")
        #expect(korean.stderr.contains("`report auth status`로 로그인을 확인하세요."), "\(korean.stderr)")
        #expect(EnglishInKorean.problems(in: korean.stderr).isEmpty, "\(korean.stderr)")
    }

    // MARK: 6. report api stays under the base path

    /// A segment a server may read as `.` or `..` once it decodes it — an encoded slash or
    /// backslash (`..%2fx`), a path parameter (`..;/x`, Tomcat's), a second encoding (`%252e`) —
    /// is refused as a raw one is, in both languages.
    @Test(arguments: ["/v1/../admin", "/v1/%2e%2e/admin", "/v1/%2E%2e/admin", "v1/./me", "/v1/.%2E/admin", "/..", "/v1/me/..?x=1",
                      "..%2fadmin", "%2e%2e%2fadmin", "..;/admin", "/v1/..%2Fadmin", "/v1/%2e%2e%2f..%2fadmin", "/v1/..;jsessionid=x/admin",
                      "/v1/.;/me", "/v1/..%5cadmin", "/v1/..\\admin", "/v1/%252e%252e/admin", "/v1/x%2f..%2f..%2fadmin"])
    func apiRefusesDotSegments(path: String) async throws {
        let service = try LoopbackServer(routes: ["/admin": LoopbackServer.json(200, "{}"), "/v1/me": LoopbackServer.json(200, "{}")])
        defer { service.stop() }
        let environment = ["REPORT_BASE_URL": service.baseURL + "/base", "REPORT_TOKEN": "at-ci"]
        let result = await reportInProcess(["api", path], environment: environment)
        #expect(result.status == 64)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("'.' and '..'"), "\(result.stderr)")
        let korean = await reportInProcess(["api", path], environment: environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
        #expect(korean.status == 64)
        #expect(korean.stderrLines.count == 1)
        #expect(korean.stderr.contains("서비스의 기본 경로 밖으로 나갑니다"), "\(korean.stderr)")
        #expect(service.requests.isEmpty, "nothing is sent")
    }

    /// What only looks like a dot segment goes as given.
    @Test(arguments: ["/v1/...", "/v1/..x", "/v1/a%2fb", "/v1/x;v=1", "/v1/%2e%2e%2e", "/v1/me?path=../x"])
    func apiSendsPathsThatAreNoDotSegments(path: String) async throws {
        let service = try LoopbackServer()
        defer { service.stop() }
        let result = await reportInProcess(["api", path, "--retries", "0"],
                                           environment: ["REPORT_BASE_URL": service.baseURL + "/base", "REPORT_TOKEN": "at-ci"])
        #expect(result.status != 64, "\(result.stderr)")
        #expect(service.requests.count == 1, "sent once, as given (the service answers 404)")
    }
}
