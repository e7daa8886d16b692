import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ReportServer
import TestSupport
import Testing

/// The real `report-server` binary: its stdout line, its exit statuses, its signals.
@Suite(.enabled(if: ServerProcess.executable != nil, "report-server is not built"))
struct ServerBinaryTests {
    static func port(of line: String?) -> Int? {
        guard let line, line.hasPrefix("listening on http://127.0.0.1:") else { return nil }
        return Int(line.dropFirst("listening on http://127.0.0.1:".count))
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func announcesItsPortServesAndStopsCleanly(signal: Int32) async throws {
        let server = try ServerProcess(arguments: ["--port", "0", "--data", Paths.demoData.path])
        let line = await server.firstLine()
        let port = try #require(Self.port(of: line), "stdout was \(line ?? "closed")")
        let response = try await TestClient.withServerProcess(port: port) { client in
            try await client.get("/v1/interviews/1001", headers: [.authorization: "Bearer demo-access-42"])
        }
        #expect(response.status == .ok)
        #expect(response.body.map { String(buffer: $0) }?.contains("사람인") == true)
        #expect(await server.stop(signal: signal) == 0)
        let rest = String(decoding: server.standardOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.isEmpty, "exactly one line on stdout")
        #expect(server.errorOutput().isEmpty, "quiet without --verbose")
    }

    @Test func findsTheDemoDataWithoutDataFlag() async throws {
        let server = try ServerProcess(arguments: ["--port", "0"])
        #expect(Self.port(of: await server.firstLine()) != nil)
        #expect(await server.stop() == 0)
    }

    @Test func verboseLogsRequestsButNeverTokens() async throws {
        let server = try ServerProcess(arguments: ["--port", "0", "--verbose", "--data", Paths.demoData.path])
        let port = try #require(Self.port(of: await server.firstLine()))
        _ = try await TestClient.withServerProcess(port: port) { client in
            _ = try await client.get("/v1/analysis/report?termNo=1001", headers: [.authorization: "Bearer demo-access-42"])
            _ = try await client.get("/v1/me?access_token=demo-access-7")
            let body = ByteBuffer(string: #"{"grantType": "refresh_token", "refreshToken": "demo-refresh-42"}"#)
            return try await client.post("/v1/auth/token", body: body)
        }
        #expect(await server.stop() == 0)
        let log = server.errorOutput()
        #expect(log.contains("GET /v1/analysis/report?termNo=1001 200"))
        #expect(log.contains("POST /v1/auth/token 200"))
        #expect(log.contains("GET /v1/me?access_token=[redacted] 401"))
        #expect(!log.contains("demo-access") && !log.contains("demo-refresh") && !log.contains("Bearer"))
        #expect(!log.contains("at_") && !log.contains("rt_"))
    }

    /// One line format on stderr, whoever writes it: the request lines, the fault lines and what
    /// Hummingbird itself logs all start `report-server: `, as the errors do.
    @Test func everyLineOnStderrHasTheServersOneFormat() async throws {
        let server = try ServerProcess(arguments: ["--port", "0", "--verbose", "--data", Paths.demoData.path])
        let port = try #require(Self.port(of: await server.firstLine()))
        _ = try await TestClient.withServerProcess(port: port) { client in
            _ = try await client.get("/v1/me", headers: [.authorization: "Bearer demo-access-42", .prefer: "code=500"])
            return try await client.get("/v1/interviews/1001", headers: [.authorization: "Bearer demo-access-42"])
        }
        #expect(await server.stop() == 0)
        let lines = server.errorOutput().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count >= 4, "Hummingbird's start, a fault, two requests: \(lines)")
        for line in lines { #expect(line.hasPrefix("report-server: "), "\(line)") }
        #expect(lines.contains { $0.hasPrefix("report-server: GET /v1/interviews/1001 200 ") })
        #expect(lines.contains("report-server: fault Prefer: GET /v1/me: status 500"))
    }

    @Test func badDataExitsWith78AndNamesTheFile() async throws {
        try await withDemoDataCopy { directory in
            let file = directory.appendingPathComponent("interviews/1003.json")
            try Data("{".utf8).write(to: file)
            let server = try ServerProcess(arguments: ["--port", "0", "--data", directory.path])
            #expect(await server.firstLine() == nil)
            #expect(await server.exitStatus() == 78)
            let message = server.errorOutput()
            #expect(message.hasPrefix("report-server: \(file.path): "))
            #expect(message.filter { $0 == "\n" }.count == 1, "one line: \(message)")
        }
    }

    @Test func missingDataDirectoryExitsWith78() async throws {
        let server = try ServerProcess(arguments: ["--data", "/nonexistent/report-data"])
        #expect(await server.exitStatus() == 78)
        #expect(server.errorOutput() == "report-server: /nonexistent/report-data: no such data directory\n")
    }

    @Test(arguments: [["--port", "70000"], ["--token-ttl", "-1"], ["--maintenance-until", "2026-11-03T06:00:00+09:00"],
                      ["--maintenance", "점검", "--maintenance-until", "tomorrow"], ["--bogus"]])
    func badFlagsExitWith64(arguments: [String]) async throws {
        let server = try ServerProcess(arguments: arguments)
        #expect(await server.exitStatus() == 64)
        #expect(!server.errorOutput().isEmpty)
    }

    @Test func maintenanceFlagsReachTheStatusEndpoint() async throws {
        let server = try ServerProcess(arguments: [
            "--port", "0", "--maintenance", "정기 점검 중입니다.", "--maintenance-until", "2026-11-03T06:00:00+09:00",
        ])
        let port = try #require(Self.port(of: await server.firstLine()))
        let (status, me) = try await TestClient.withServerProcess(port: port) { client in
            (try await client.get("/v1/service/status"), try await client.get("/v1/me", headers: [.authorization: "Bearer demo-access-42"]))
        }
        #expect(await server.stop() == 0)
        #expect(status.body.map { String(buffer: $0) } == #"{"message":"정기 점검 중입니다.","status":"MAINTENANCE","until":"2026-11-03T06:00:00+09:00"}"#)
        #expect(me.status == .serviceUnavailable)
        #expect(me.headers[.retryAfter] == "120")
    }
}
