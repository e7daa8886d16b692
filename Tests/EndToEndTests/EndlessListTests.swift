import Foundation
import Testing
import TestSupport

/// `report list --all` against services whose interview list never ends: it stops with exit 76
/// and one line instead of looping forever.
@Suite("report list --all against a list that never ends")
struct EndlessListTests {
    private static let item = #"{"termNo": 1001, "companyName": "사람인", "occupationName": "iOS 개발", "careerName": "신입", "regDate": "2026-11-02T10:15:00+09:00", "itemTypeCode": "COMPANY", "programLevel": "BASIC", "analysisStatus": "DONE"}"#

    /// Serves `/v1/interviews` with `body(page asked for)`.
    private func list(_ arguments: [String], body: @escaping @Sendable (Int) -> String) async throws -> (RunResult, Int) {
        let server = try LoopbackServer(routes: ["/v1/interviews": { request, connection in
            let page = request.query?.split(separator: "&").first { $0.hasPrefix("page=") }
                .flatMap { Int($0.dropFirst(5)) } ?? 1
            connection.respond(status: 200, body: body(page))
            return .keepAlive
        }])
        defer { server.stop() }
        let result = try await run(Paths.report, arguments,
                                   environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "at-test"],
                                   timeLimit: .seconds(20))
        return (result, server.requests(to: "/v1/interviews").count)
    }

    @Test(arguments: [["--jsonl"], ["--json"], []])
    func theSamePageForeverIsAnInvalidResponse(format: [String]) async throws {
        let (result, requests) = try await list(["list", "--all"] + format) { _ in
            #"{"items": [\#(Self.item)], "page": 1, "size": 20, "total": 1000000000000000}"#
        }
        #expect(!result.timedOut)
        #expect(result.status == 76)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("asked for page 2 of the interview list, the service sent page 1"))
        #expect(requests == 2)
    }

    @Test func pagesThatRepeatTheirInterviewsAreAnInvalidResponse() async throws {
        let (result, requests) = try await list(["list", "--all", "--jsonl"]) { page in
            #"{"items": [\#(Self.item)], "page": \#(page), "size": 20, "total": 1000000000000000}"#
        }
        #expect(!result.timedOut)
        #expect(result.status == 76)
        #expect(result.stdoutLines.filter { !$0.isEmpty }.count == 1, "the first page's line, whole; nothing after it")
        #expect(result.stderr.contains("page 2 of the interview list repeats interview 1001"))
        #expect(requests == 2)
    }

    @Test func aTotalThatGrowsIsNotFollowedPastTheFirstPagesCount() async throws {
        let (result, requests) = try await list(["list", "--all", "--jsonl"]) { page in
            let term = 2000 - page
            return #"{"items": [\#(Self.item.replacingOccurrences(of: "1001", with: String(term)))], "page": \#(page), "size": 1, "total": \#(page == 1 ? 3 : page * 1000)}"#
        }
        #expect(result.status == 0)
        #expect(result.stdoutLines.filter { !$0.isEmpty }.count == 3)
        #expect(requests == 3)
    }
}
