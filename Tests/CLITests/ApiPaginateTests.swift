import Foundation
import Testing
import TestSupport

/// `report api --paginate [--slurp]`: the pages of a list endpoint, over loopback against
/// report-server (and a loopback server that sends the wrong page).
@Suite("report api --paginate")
struct ApiPaginateTests {
    func api(_ arguments: [String], baseURL: String = ReferenceServer.demo.baseURL) async -> RunResult {
        await reportInProcess(["api"] + arguments, environment: ["REPORT_BASE_URL": baseURL, "REPORT_TOKEN": "demo-access-42"])
    }

    /// Each line of stdout a page object.
    func pages(_ result: RunResult) throws -> [[String: Any]] {
        try result.stdoutLines.filter { !$0.isEmpty }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a page: \(line)")
        }
    }

    @Test func everyPageIsADocumentOfItsOwn() async throws {
        let result = await api(["/v1/interviews?status=completed&size=10", "--paginate"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try pages(result)
        #expect(pages.map { $0["page"] as? Int } == [1, 2, 3, 4], "35 interviews, 10 a page")
        let terms = pages.flatMap { ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["termNo"] as? Int } }
        #expect(terms.count == 35 && Set(terms).count == 35)
    }

    @Test func itStartsAtThePageThePathAsksFor() async throws {
        let result = await api(["/v1/interviews?page=3&size=10", "--paginate"])
        #expect(try pages(result).map { $0["page"] as? Int } == [3, 4])
    }

    @Test func slurpIsOneArrayOfThePages() async throws {
        let result = await api(["/v1/interviews?size=20", "--paginate", "--slurp"])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["page"] as? Int } == [1, 2])
        #expect(result.stdout.hasSuffix("]\n"))
    }

    @Test func jqFiltersEachPageOrTheSlurpedArray() async throws {
        let perPage = await api(["/v1/interviews?size=10", "--paginate", "--jq", ".items | length"])
        #expect(perPage.stdout == "10\n10\n10\n5\n", "\(perPage.stderr)")
        let slurped = await api(["/v1/interviews?size=10", "--paginate", "--slurp", "--jq", "map(.items | length) | add"])
        #expect(slurped.stdout == "35\n", "\(slurped.stderr)")
    }

    @Test func aResponseThatIsNotAPageIsTheOnlyOne() async throws {
        let result = await api(["/v1/me", "--paginate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pages(result).count == 1)
    }

    @Test func aServiceThatSendsTheWrongPageIsStopped() async throws {
        // Whatever is asked for, page 1 again: followed, it would never end.
        let page = #"{"items":[{"termNo":1}],"page":1,"size":1,"total":5}"#
        let server = try LoopbackServer(routes: ["/v1/interviews": LoopbackServer.json(200, page)])
        defer { server.stop() }
        let result = await api(["/v1/interviews", "--paginate"], baseURL: server.baseURL)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stdoutLines.filter { !$0.isEmpty }.count == 1, "the first page, then the error")
        #expect(result.stderr.contains("asked for page 2 of /v1/interviews, the service sent page 1"))
        #expect(server.requests(to: "/v1/interviews").count == 2)
    }

    @Test func theFlagsThatDoNotGoTogetherAreUsageErrors() async throws {
        for arguments in [["/v1/interviews", "--slurp"], ["/v1/interviews", "--paginate", "-X", "POST"],
                          ["/v1/interviews", "--paginate", "-i"]] {
            let result = await api(arguments, baseURL: "http://127.0.0.1:1")
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
        }
    }
}
