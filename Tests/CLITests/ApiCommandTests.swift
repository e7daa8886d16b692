import Foundation
import TestSupport
import Testing

/// `report api PATH`, in-process against `report-server` and a loopback server that echoes.
@Suite("report api")
struct ApiCommandTests {
    static let token = "demo-access-42"

    func api(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) async throws -> RunResult {
        await reportInProcess(["api"] + arguments,
                              environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": Self.token]
                                  .merging(environment) { $1 },
                              input: stdin ?? "")
    }

    /// Answers with what it received: method, Content-Type and body.
    static let echo: LoopbackServer.Handler = { request, connection in
        connection.respond(status: 201, headers: [("Content-Type", "application/octet-stream"), ("X-Method", request.method),
                                                  ("X-Content-Type", request.header("Content-Type") ?? "none"),
                                                  ("X-Custom", request.header("X-Custom") ?? "none")],
                           body: request.body)
        return .keepAlive
    }

    @Test func getPrintsTheBodyAsReceived() async throws {
        let result = try await api("/v1/me")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let object = try result.json()
        #expect(object["memIdx"] as? Int == 42)
        let withoutSlash = try await api("v1/me")
        #expect(withoutSlash.stdout == result.stdout)
        let sameOrigin = try await api("\(ReferenceServer.demo.baseURL)/v1/me")
        #expect(sameOrigin.stdout == result.stdout)
    }

    @Test func aQueryGoesWithThePath() async throws {
        let result = try await api("/v1/interviews?status=completed&page=1&size=2")
        #expect(result.status == 0, "\(result.stderr)")
        let page = try result.json()
        #expect(page["size"] as? Int == 2)
        #expect((page["items"] as? [[String: Any]])?.count == 2)
    }

    @Test func includePrintsTheStatusLineAndHeadersFirst() async throws {
        let result = try await api("/v1/me", "-i")
        #expect(result.status == 0)
        let lines = result.stdoutLines
        #expect(lines.first?.hasPrefix("HTTP/1.1 200") == true)
        #expect(lines.contains { $0.lowercased().hasPrefix("content-type: application/json") })
        let blank = try #require(lines.firstIndex(of: ""))
        let body = lines[(blank + 1)...].joined(separator: "\n")
        #expect(try JSONSerialization.jsonObject(with: Data(body.utf8)) is [String: Any])
    }

    @Test func notFoundExits66WithNothingOnStdout() async throws {
        let result = try await api("/v1/interviews/999999")
        #expect(result.status == 66)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("report: GET /v1/interviews/999999: "))
        let json = try await api("/v1/nowhere", "--json")
        #expect(json.status == 66)
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["httpStatus"] as? Int == 404)
        #expect(error["exitCode"] as? Int == 66)
    }

    @Test func aRejectedTokenExits4() async throws {
        let result = try await api("/v1/me", environment: ["REPORT_TOKEN": "not-a-token"])
        #expect(result.status == 4)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("REPORT_TOKEN"))
        #expect(!result.stderr.contains("not-a-token"))
    }

    @Test func anotherOriginIsRefusedAndNothingIsSent() async throws {
        let other = try LoopbackServer(routes: ["/v1/me": Self.echo])
        defer { other.stop() }
        for target in ["\(other.baseURL)/v1/me", "https://example.com/v1/me", "//example.com/v1/me", "ftp:x"] {
            let result = try await api(target)
            #expect(result.status == 64, "\(target): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1)
        }
        #expect(other.requests.isEmpty)
    }

    @Test func inputFromAFileOrStdinIsTheBodyOfAPost() async throws {
        let server = try LoopbackServer(routes: ["/v1/echo": Self.echo])
        defer { server.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString).json")
        let body = #"{"hello":"세계"}"#
        try Data(body.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let fromFile = try await api("/v1/echo", "--input", file.path, "-i", "-H", "X-Custom: yes",
                                     environment: ["REPORT_BASE_URL": server.baseURL])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout.hasPrefix("HTTP/1.1 201\n"))
        #expect(fromFile.stdout.contains("X-Method: POST\n"))
        #expect(fromFile.stdout.contains("X-Content-Type: application/json\n"))
        #expect(fromFile.stdout.contains("X-Custom: yes\n"))
        #expect(fromFile.stdout.hasSuffix("\n\n" + body))
        #expect(server.requests.last?.header("Authorization") == "Bearer \(Self.token)")

        let fromStdin = try await api("/v1/echo", "-X", "put", "--input", "-", "-H", "Content-Type: text/plain",
                                      stdin: "plain text", environment: ["REPORT_BASE_URL": server.baseURL])
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromStdin.stdout == "plain text")
        #expect(server.requests.last?.method == "PUT")
        #expect(server.requests.last?.header("Content-Type") == "text/plain")
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        for arguments in [["/v1/me", "-H", "no colon"], ["/v1/me", "-H", "Bad Name: x"], ["/v1/me", "-X", "BREW"],
                          ["/v1/me", "-H", "Content-Length: 3"], ["/v1/me", "--input", "/nonexistent/body.json"]] {
            let result = await reportInProcess(["api"] + arguments,
                                               environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": Self.token])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1)
        }
    }

    /// A malformed `-H` is refused naming the header, never showing the rest, which may be its
    /// secret: as `--verbose` shows a secret header, in both languages and in the `--json` document.
    @Test(arguments: [
        ("Authorization Bearer sekrit", "'Authorization [REDACTED]'"),
        (" Authorization: Bearer sekrit", "' Authorization: [REDACTED]'"),
        ("Authorization: Bearer sek\rrit", "'Authorization: [REDACTED]'"),
        ("X-Trace: a\nsekrit", "'X-Trace: [REDACTED]'"),
        ("Cookie session=sekrit", "'Cookie [REDACTED]'"),
        ("X-Api-Key=sekrit", "'X-Api-Key [REDACTED]'"),
        ("sekrit", "'[REDACTED]'"),
    ])
    func aMalformedHeaderIsNamedAndItsValueNeverShown(header: String, shown: String) async throws {
        for language in ["C", "ko_KR.UTF-8"] {
            for json in [[], ["--json"]] {
                let result = await reportInProcess(["api", "/v1/me", "-H", header] + json,
                                                   environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                                 "REPORT_TOKEN": Self.token, "LANG": language])
                #expect(result.status == 64, "\(language) \(json): \(result.stderr)")
                #expect(result.stdout == "")
                #expect(result.stderrLines.count == 1, "\(result.stderr)")
                #expect(!result.stderr.contains("sek"), "the secret was shown: \(result.stderr)")
                #expect(result.stderr.contains(shown), "\(result.stderr)")
                if language != "C", json.isEmpty {
                    #expect(result.stderr.contains("--header 값이 잘못되었습니다"), "not Korean: \(result.stderr)")
                }
            }
        }
    }

    /// A body that would set the window title (OSC 0), the clipboard (OSC 52) and clear the
    /// screen, with a C1 CSI and a bidi override besides.
    static let hostileBody = "title\u{1b}]0;owned\u{07}\u{1b}[2J\u{1b}]52;c;ZXZpbA==\u{07}\r\nend\u{9b}31m \u{202e}txt.exe\u{00}"

    /// `report api` in-process against a server answering `/v1/raw` with `body` as `contentType`.
    private func apiInProcess(_ extra: [String], body: String, contentType: String, columns: Int?,
                              environment: [String: String] = [:]) async throws -> RunResult {
        let server = try LoopbackServer(routes: ["/v1/raw": { _, connection in
            connection.respond(status: 200, headers: [("Content-Type", contentType)], body: Array(body.utf8))
            return .keepAlive
        }])
        defer { server.stop() }
        return await reportInProcess(["api", "/v1/raw"] + extra, environment: ["REPORT_BASE_URL": server.baseURL,
                                                                              "REPORT_TOKEN": Self.token].merging(environment) { $1 },
                                     columns: columns)
    }

    @Test(arguments: [(["--no-pager"], [String: String]()), ([], ["REPORT_PAGER": "cat"])])
    func onATerminalABodysControlCharactersAreShownNotObeyed(flags: [String], environment: [String: String]) async throws {
        let result = try await apiInProcess(flags, body: Self.hostileBody, contentType: "text/plain", columns: 80,
                                            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "title^[]0;owned^G^[[2J^[]52;c;ZXZpbA==^G\nend<U+009B>31m <U+202E>txt.exe^@\n")
        #expect(!result.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    @Test func onATerminalAJSONBodyThatIsNotJSONIsShownPrintableAndJSONStringsToo() async throws {
        let broken = try await apiInProcess(["--no-pager"], body: "{\"a\": \"\u{1b}]0;x\u{07}\"}", contentType: "application/json",
                                            columns: 80)
        #expect(broken.status == 0)
        #expect(broken.stdout == "{\"a\": \"^[]0;x^G\"}\n")
        let valid = try await apiInProcess(["--no-pager"], body: "{\"name\":\"\u{202e}gnp.exe\u{9b}2J\"}", contentType: "application/json",
                                           columns: 80)
        #expect(valid.status == 0)
        #expect(valid.stdout == "{\n  \"name\": \"<U+202E>gnp.exe<U+009B>2J\"\n}\n", "laid out, and printable")
    }

    @Test func inAPipeTheBodyIsTheBytesReceived() async throws {
        let result = try await apiInProcess([], body: Self.hostileBody, contentType: "text/plain", columns: nil)
        #expect(result.status == 0)
        #expect(Array(result.stdout.utf8) == Array(Self.hostileBody.utf8))
    }

    @Test func withoutCredentialsItAsksToSignIn() async throws {
        let result = await reportInProcess(["api", "/v1/me"], environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL])
        #expect(result.status == 4)
        #expect(result.stderr.contains("report auth login"))
    }
}
