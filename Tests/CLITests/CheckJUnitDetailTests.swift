import Foundation
import FoundationXML
import Testing
import TestSupport

/// `report check --junit FILE` in a partner's CI: a failing case names its term and the requests
/// it made (every attempt), a passing one the retries it took — in the places CI systems show
/// beside a case (the failure's message and text, `<system-out>`), so a red build needs no
/// `--verbose` run to be understood. Against report-server failing on purpose (`faults.json`).
@Suite("check --junit: terms, requests and retries")
struct CheckJUnitDetailTests {
    private func check(_ server: FaultyReferenceServer, _ arguments: [String]) async throws -> (RunResult, XMLDocument) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await reportInProcess(["check", "--junit", file.path, "--base-url", server.baseURL] + arguments,
                                           environment: ["REPORT_TOKEN": "demo-access-42", "NO_COLOR": "1"])
        return (result, try XMLDocument(contentsOf: file))
    }

    private func text(_ xml: XMLDocument, _ path: String) throws -> String? {
        try xml.nodes(forXPath: path).first?.stringValue
    }

    @Test func aFailingCaseNamesItsTermAndTheRequestsItMade() async throws {
        let server = try await FaultyReferenceServer.start(
            faults: #"{"rules": [{"path": "/v1/analysis/report", "term": 1001, "kind": "status", "status": 500}]}"#)
        defer { server.stop() }
        let (result, xml) = try await check(server, ["--term", "1001", "--retries", "1"])
        #expect(result.status == 3, "\(result.stderr)")
        let report = "//testcase[@name='report fetches and decodes']/failure"
        let message = try #require(try text(xml, report + "/@message"))
        #expect(message.hasPrefix("term 1001: "), "\(message)")
        let body = try #require(try text(xml, report))
        let lines = body.split(separator: "\n").map(String.init)
        #expect(lines.contains("term: 1001"), "\(body)")
        #expect(lines.contains("GET /v1/analysis/report?termNo=1001 -> 500"), "\(body)")
        #expect(lines.contains("GET /v1/analysis/report?termNo=1001 -> 500 (retry 1)"), "\(body)")
        #expect(lines.contains("GET /v1/interviews/1001 -> 200"), "\(body)")
        // The passing checks before it took no retry.
        let service = try #require(try text(xml, "//testcase[@name='service reachable and not under maintenance']/system-out"))
        #expect(service.split(separator: "\n").last == "retries: 0", "\(service)")
    }

    @Test func aPassingCaseSaysTheRetriesItTook() async throws {
        let server = try await FaultyReferenceServer.start(
            faults: #"{"rules": [{"path": "/v1/service/status", "kind": "status", "status": 503, "times": 1}]}"#)
        defer { server.stop() }
        let (result, xml) = try await check(server, ["--term", "1001"])
        #expect(result.status == 0, "\(result.stderr)")
        let service = try #require(try text(xml, "//testcase[@name='service reachable and not under maintenance']/system-out"))
        let lines = service.split(separator: "\n").map(String.init)
        #expect(lines.contains("retries: 1"), "\(service)")
        #expect(lines.suffix(2) == ["GET /v1/service/status -> 503", "GET /v1/service/status -> 200 (retry 1)"], "\(service)")
        let report = try #require(try text(xml, "//testcase[@name='report fetches and decodes']/system-out"))
        #expect(report.split(separator: "\n").map(String.init).suffix(2) == ["term: 1001", "retries: 0"], "\(report)")
    }
}
