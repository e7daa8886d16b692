import Foundation
import Testing
import TestSupport

/// A service that sends `null` (or nothing) for what it only shows, and enum values this client
/// does not know: `report` shows "—" and the values as sent, never fails for them.
@Suite("null display fields and unknown values")
struct NullDisplayFieldsTests {
    /// careerName null, programLevel and itemTypeCode missing, a status of the future.
    static let sparse = #"{"termNo": 1001, "companyName": "사람인", "occupationName": null, "careerName": null, "regDate": null, "analysisStatus": "DONE"}"#
    static let full = #"{"termNo": 1002, "companyName": "카카오", "occupationName": "백엔드", "careerName": "신입", "regDate": "2026-11-03T09:00:00+09:00", "itemTypeCode": "COMPANY", "programLevel": "BASIC", "analysisStatus": "REVIEWING"}"#
    static let report = #"{"result": {"tips": {"summary": "좋아요", "items": [{"category": "eye_contact", "title": "시선", "body": "정면을 보세요"}]}, "character": {"type": "분석형", "description": "꼼꼼함", "traits": [{"name": "성실성", "score": 80, "level": "VERY_HIGH", "comment": "좋음"}]}, "aptitude": null, "keyword": ["성실"]}}"#

    private func service() throws -> LoopbackServer {
        try LoopbackServer(routes: [
            "/v1/interviews/1001": LoopbackServer.json(200, Self.sparse),
            "/v1/interviews/1002": LoopbackServer.json(200, Self.full),
            "/v1/interviews": LoopbackServer.json(200, #"{"items": [\#(Self.sparse), \#(Self.full)], "page": 1, "size": 20, "total": 2}"#),
            "/v1/analysis/report": LoopbackServer.json(200, Self.report),
            "/v1/service/status": LoopbackServer.json(200, #"{"status": "OK", "message": null, "until": null}"#),
            "/v1/me": LoopbackServer.json(200, #"{"memIdx": 42, "name": "김은미", "email": "e@example.com"}"#),
        ])
    }

    private func report(_ arguments: [String], _ server: LoopbackServer) async throws -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "at-test"])
    }

    @Test func fetchShowsADashForWhatTheServiceDidNotSay() async throws {
        let server = try service()
        defer { server.stop() }
        let result = try await report(["fetch", "--term", "1001"], server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("사람인 · — · —"), "\(result.stdout)")
        #expect(result.stdout.contains("term 1001"))
        #expect(result.stdout.contains("very_high"), "an unknown level is shown as sent")
        #expect(result.stdout.contains("eye_contact"), "an unknown tip category is shown as sent")
    }

    @Test func fetchJSONHasNullForWhatTheServiceDidNotSay() async throws {
        let server = try service()
        defer { server.stop() }
        let result = try await report(["fetch", "--term", "1001", "--json"], server)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        let interview = try #require(document["interview"] as? [String: Any])
        for key in ["occupationName", "careerName", "regDate", "itemTypeCode", "programLevel"] {
            #expect(interview[key] is NSNull, "\(key): \(String(describing: interview[key]))")
        }
        #expect(interview["companyName"] as? String == "사람인")
        let schema = Paths.repository.appendingPathComponent("schema/report.schema.json").path
        let check = try await run(URL(fileURLWithPath: "/usr/bin/env"),
                                  ["python3", Paths.repository.appendingPathComponent("scripts/check_json_schema.py").path, schema, "-"],
                                  stdin: result.stdout)
        #expect(check.status == 0, "the document is valid against the schema: \(check.stdout) \(check.stderr)")
    }

    @Test func anUnknownStatusIsShownAsSent() async throws {
        let server = try service()
        defer { server.stop() }
        let result = try await report(["fetch", "--term", "1002", "--json"], server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try result.json()["interview"] as? [String: Any])?["analysisStatus"] as? String == "REVIEWING")
    }

    @Test(arguments: [["list"], ["list", "--json"], ["list", "--all", "--jsonl"], ["check"],
                      ["fetch", "--term", "1001", "--term", "1002", "--jsonl"]])
    func aListWithSuchItemsStillWorks(arguments: [String]) async throws {
        let server = try service()
        defer { server.stop() }
        let result = try await report(arguments, server)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(!result.stdout.isEmpty)
    }

    @Test func theTableShowsADash() async throws {
        let server = try service()
        defer { server.stop() }
        let result = try await report(["list"], server)
        let row = try #require(result.stdoutLines.first { $0.hasPrefix("1001") })
        #expect(row.contains("—"), "\(row)")
    }
}
