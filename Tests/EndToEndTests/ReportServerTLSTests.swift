import Foundation
import Testing
import TestSupport

/// `report-server --tls-cert FILE --tls-key FILE`: HTTPS with HTTP/2 and HTTP/1.1 by ALPN, so a
/// CI job runs it the way the real service runs, with `report --cacert`.
@Suite("report-server over TLS, with report as the client")
struct ReportServerTLSTests {
    /// Certificates made by Tests/Scripts/make_certs.py, once for the suite.
    static let certificates: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-server-tls-\(UUID().uuidString)")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Paths.repository.appendingPathComponent("Tests/Scripts/make_certs.py").path, directory.path]
        try? process.run()
        process.waitUntilExit()
        return directory
    }()

    static func file(_ name: String) -> String { certificates.appendingPathComponent(name).path }

    static let server: ReferenceServer = {
        do {
            return try ReferenceServer(extraArguments: ["--tls-cert", file("server.pem"), "--tls-key", file("server.key")])
        } catch {
            fatalError("report-server did not start with TLS: \(error)")
        }
    }()

    @Test func itAnnouncesHTTPSAndServesReportOverHTTP2() async throws {
        #expect(Self.server.baseURL.hasPrefix("https://127.0.0.1:"))
        let result = try await run(Paths.report, ["fetch", "--term", "1001", "--json", "--verbose",
                                                  "--base-url", Self.server.baseURL, "--cacert", Self.file("ca.pem")],
                                   environment: ["REPORT_TOKEN": "demo-access-42"], timeLimit: .seconds(30))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.json()["schemaVersion"] as? Int == 1)
        #expect(result.stderr.contains("HTTP/2"), "ALPN chose HTTP/2")
    }

    @Test func itAlsoAnswersHTTP11ByALPN() async throws {
        let port = try #require(URL(string: Self.server.baseURL)?.port)
        let script = """
            import http.client, ssl, sys
            context = ssl.create_default_context(cafile=sys.argv[1])
            context.set_alpn_protocols(["http/1.1"])
            connection = http.client.HTTPSConnection("127.0.0.1", int(sys.argv[2]), context=context)
            connection.request("GET", "/v1/service/status")
            response = connection.getresponse()
            print(connection.sock.selected_alpn_protocol(), response.status, response.version)
            """
        let result = try await run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, Self.file("ca.pem"), String(port)],
                                   timeLimit: .seconds(30))
        #expect(result.stdout == "http/1.1 200 11\n", "\(result.stdout) \(result.stderr)")
    }

    @Test func withoutTheCAItIsExit68() async throws {
        let result = try await run(Paths.report, ["status", "--base-url", Self.server.baseURL],
                                   environment: ["REPORT_TOKEN": "demo-access-42"], timeLimit: .seconds(30))
        #expect(result.status == 68)
        #expect(result.stderr.contains("--cacert"))
    }

    /// The recipe of the README: `report-server --tls-self-signed DIR`, then `report --cacert DIR/ca.pem`.
    @Test func theSelfSignedRecipeWorksInTwoLines() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-self-signed-\(UUID().uuidString)")
        let server = try await ReferenceServer.start(extraArguments: ["--tls-self-signed", directory.path])
        defer { server.stop() }
        #expect(server.baseURL.hasPrefix("https://127.0.0.1:"))
        let ca = directory.appendingPathComponent("ca.pem").path
        let result = try await run(Paths.report, ["fetch", "--term", "1001", "--json", "--base-url", server.baseURL, "--cacert", ca],
                                   environment: ["REPORT_TOKEN": "demo-access-42"], timeLimit: .seconds(30))
        #expect(result.status == 0, "\(result.stderr)")
        let localhost = server.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let byName = try await run(Paths.report, ["status", "--base-url", localhost, "--cacert", ca],
                                   environment: ["REPORT_TOKEN": "demo-access-42"], timeLimit: .seconds(30))
        #expect(byName.status == 0, "the certificate names localhost too: \(byName.stderr)")
        let key = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("server.key").path)
        #expect((key[.posixPermissions] as? Int) == 0o600, "the private key is the owner's only")
        let other = try await run(Paths.report, ["status", "--base-url", server.baseURL, "--cacert", Self.file("ca.pem")],
                                  environment: ["REPORT_TOKEN": "demo-access-42"], timeLimit: .seconds(30))
        #expect(other.status == 68, "another CA does not vouch for it")
    }

    @Test(arguments: [["--tls-cert", "ca.key", "--tls-key", "server.key"], ["--tls-cert", "server.pem", "--tls-key", "nothing.key"],
                      ["--tls-cert", "server.pem"]])
    func aBadCertificateOrKeyIsOneLine(arguments: [String]) async throws {
        let files = arguments.enumerated().map { $0.offset % 2 == 1 ? Self.file($0.element) : $0.element }
        let result = try await run(Paths.reportServer, ["--port", "0"] + files, timeLimit: .seconds(30))
        #expect(result.status == (arguments.count == 2 ? 64 : 78), "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderrLines.count >= 1)
        #expect(result.stderr.contains("--tls-"), "\(result.stderr)")
    }
}
