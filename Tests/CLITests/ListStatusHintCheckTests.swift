import Foundation
import FoundationXML
import Testing
import TestSupport

/// `report list`, `status`, `hint` and `check`, in-process against the reference server.
@Suite("report list, status, hint and check")
struct ListStatusHintCheckTests {
    func report(_ arguments: [String], server: ReferenceServer = .demo, token: String? = "demo-access-42") async throws -> RunResult {
        var environment = ["REPORT_BASE_URL": server.baseURL]
        if let token { environment["REPORT_TOKEN"] = token }
        return await reportInProcess(arguments, environment: environment)
    }

    // MARK: list

    @Test func listInAPipeIsTabSeparatedWithoutHeaderNewestFirst() async throws {
        let result = try await report(["list", "--limit", "5"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdoutLines.filter { !$0.isEmpty }
        #expect(lines.count == 5)
        #expect(lines[0] == "1005\t2026-11-05 09:00 KST\t쿠팡\t물류 운영 관리\tCompany interview\tpending", "the newest first, whole")
        #expect(lines.contains { $0.hasPrefix("1001\t") && $0.contains("사람인") && $0.hasSuffix("\tready") })
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 6 })
    }

    @Test func limitCapsTheTotalAcrossPagesAndFiltersKeepSome() async throws {
        let capped = try await report(["list", "--limit", "25", "--page-size", "10", "--jsonl"])
        #expect(capped.stdoutLines.filter { !$0.isEmpty }.count == 25)
        let personality = try await report(["list", "--kind", "personality", "--status", "done", "--limit", "100", "--jsonl"])
        let objects = personality.stdoutLines.filter { !$0.isEmpty }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(!objects.isEmpty)
        #expect(objects.allSatisfy { $0["itemTypeCode"] as? String == "PERSONALITY" && $0["analysisStatus"] as? String == "DONE" })
        let past = try await report(["list", "--page", "99"])
        #expect(past.status == 0)
        #expect(past.stdout == "")
        #expect(past.stderr.hasPrefix("report: page 99 is past the last page ("))
    }

    @Test func listJSONIsOneDocumentAndJSONLOneObjectALine() async throws {
        let json = try await report(["list", "--limit", "7", "--page", "2", "--json"])
        #expect(json.status == 0)
        let document = try json.json()
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["total"] as? Int == 35)
        let array = try #require(document["interviews"] as? [[String: Any]])
        #expect(array.count == 7)
        #expect(array.allSatisfy { $0["termNo"] is Int && $0["analysisStatus"] is String })
        // With --limit 7 pages are 7 long: page 2 is the 8th to 14th interview; the next starts at the 15th.
        let next = try #require(document["nextPage"] as? [String: Any])
        let page = try #require(next["page"] as? Int), size = try #require(next["pageSize"] as? Int)
        #expect((page - 1) * size == 14)
        let after = try await report(["list", "--page", String(page), "--page-size", String(size), "--json"])
        let following = try #require(try after.json()["interviews"] as? [[String: Any]])
        #expect(following.first?["termNo"] as? Int != nil)
        #expect(Set(following.compactMap { $0["termNo"] as? Int }).isDisjoint(with: array.compactMap { $0["termNo"] as? Int }))

        let jsonl = try await report(["list", "--limit", "7", "--jsonl"])
        #expect(jsonl.status == 0)
        let lines = jsonl.stdoutLines.filter { !$0.isEmpty }
        #expect(lines.count == 7)
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test func listAllFollowsEveryPage() async throws {
        let all = try await report(["list", "--all", "--page-size", "7", "--jsonl"])
        #expect(all.status == 0)
        let terms = all.stdoutLines.filter { !$0.isEmpty }.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["termNo"] as? Int
        }
        #expect(terms.count == 35)
        #expect(Set(terms).count == 35, "every interview exactly once")
        #expect(!terms.contains(2001), "only the member's own interviews")

        let array = try await report(["list", "--all", "--page-size", "4", "--json"])
        #expect((try array.json()["interviews"] as? [Any])?.count == 35)
        #expect(try array.json()["nextPage"] is NSNull, "after the last page, nowhere to go on")
    }

    @Test(arguments: [["list", "--limit", "0"], ["list", "--page-size", "101"], ["list", "--page", "0"], ["list", "--json", "--jsonl"],
                      ["list", "--status", "finished"], ["list", "--kind", "situation"]])
    func badListArgumentsAreUsageErrors(arguments: [String]) async throws {
        let result = try await report(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
    }

    @Test func listWithoutTokenExits4() async throws {
        let result = try await report(["list"], token: nil)
        #expect(result.status == 4)
        #expect(result.stdout == "")
    }

    // MARK: status

    @Test func statusSaysOperational() async throws {
        let result = try await report(["status"], token: nil)
        #expect(result.status == 0)
        #expect(result.stdout.contains("operational"))
        let json = try await report(["status", "--json"], token: nil)
        #expect(try json.json()["status"] as? String == "OK")
    }

    @Test func statusUnderMaintenanceExits69AndSaysUntilWhen() async throws {
        let server = try await ReferenceServer.start(extraArguments: ["--maintenance", "정기 점검", "--maintenance-until", "2026-11-21T14:00:00+09:00"])
        defer { server.stop() }
        let result = try await report(["status"], server: server)
        #expect(result.status == 69)
        #expect(result.stdout.contains("under maintenance until 2026-11-21 14:00 KST: 정기 점검"))
        let json = try await report(["status", "--json"], server: server)
        #expect(json.status == 69)
        #expect(try json.json()["status"] as? String == "MAINTENANCE")
        let list = try await report(["list"], server: server)
        #expect(list.status == 69)
        #expect(list.stderr.contains("under maintenance until 2026-11-21 14:00 KST: 정기 점검"))
    }

    // MARK: hint

    @Test func hintExplainsASection() async throws {
        let result = try await report(["hint", "aptitude"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Aptitude: "))
        let json = try await report(["hint", "video", "--json"])
        #expect(json.status == 0)
        #expect(try json.json()["section"] as? String == "video")
    }

    @Test(arguments: ["title", "bogus"])
    func hintOfAnUnknownSectionIsAUsageError(section: String) async throws {
        let result = try await report(["hint", section])
        #expect(result.status == 64)
    }

    // MARK: check

    @Test func checkPassesAndWritesJUnit() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await report(["check", "--junit", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.filter { $0.hasPrefix("✓") }.count == 3)
        let xml = try String(contentsOf: file, encoding: .utf8)
        #expect(xml.contains(#"tests="3" failures="0""#))
        #expect(try XMLDocument(xmlString: xml).rootElement()?.name == "testsuites")
    }

    /// What was checked is said: the first line and the JUnit file name the service's URL.
    @Test func checkNamesTheServiceItChecked() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let url = ReferenceServer.demo.baseURL
        let result = try await report(["check", "--junit", file.path])
        #expect(result.stdoutLines.first?.hasPrefix("✓ service at \(url) reachable and not under maintenance: operational") == true,
                "\(result.stdout)")
        let xml = try XMLDocument(contentsOf: file)
        let property = try xml.nodes(forXPath: "//testsuite/properties/property[@name='baseURL']/@value").first?.stringValue
        #expect(property == url)
    }

    /// Not signed in: the same hint as `fetch` gives (REPORT_TOKEN for CI), on the line, in the
    /// JSON document and in the JUnit file.
    @Test func checkNotSignedInSaysHowToSignIn() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("check-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("check.xml")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "XDG_CONFIG_HOME": home.path]
        let fetch = await reportInProcess(["fetch", "1001"], environment: environment)
        let hint = "run `report auth login` to sign in (or, for CI, set REPORT_TOKEN to an access token)"
        #expect(fetch.stderr.contains(hint), "\(fetch.stderr)")
        let check = await reportInProcess(["check", "--junit", file.path], environment: environment)
        #expect(check.status == 4)
        #expect(check.stdoutLines.contains { $0.hasPrefix("✗ credentials valid: not signed in") && $0.contains(hint) }, "\(check.stdout)")
        let json = await reportInProcess(["check", "--json"], environment: environment)
        #expect(json.stdout.contains("set REPORT_TOKEN to an access token"), "\(json.stdout)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("set REPORT_TOKEN to an access token"))
    }

    @Test func checkFailsWithTheFirstFailuresCodeAndSkipsTheRest() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await report(["check", "--junit", file.path], token: "not-a-token")
        #expect(result.status == 4)
        #expect(result.stdoutLines.contains { $0.hasPrefix("✗ credentials valid") })
        #expect(result.stdoutLines.contains { $0.hasPrefix("- report fetches and decodes") })
        #expect(!result.stdout.contains("not-a-token") && !result.stderr.contains("not-a-token"))
        let xml = try XMLDocument(contentsOf: file)
        #expect(try xml.nodes(forXPath: "//testcase/failure").count == 1)
        #expect(try xml.nodes(forXPath: "//testcase/skipped").count == 1)
    }

    @Test func checkOfAPendingTermExits75() async throws {
        let result = try await report(["check", "--term", "1005", "--json"])
        #expect(result.status == 75)
        let document = try result.json()
        #expect(document["passed"] as? Bool == false)
        let checks = try #require(document["checks"] as? [[String: Any]])
        #expect(checks.map { $0["status"] as? String } == ["passed", "passed", "failed"])
    }

    @Test func checkUnderMaintenanceExits69() async throws {
        let server = try await ReferenceServer.start(extraArguments: ["--maintenance", "점검"])
        defer { server.stop() }
        let result = try await report(["check"], server: server)
        #expect(result.status == 69)
        #expect(result.stdoutLines.first?.hasPrefix("✗ service") == true)
    }

    @Test func checkCannotWriteJUnitExits73() async throws {
        let result = try await report(["check", "--junit", "/nonexistent-dir/report.xml"])
        #expect(result.status == 73)
        #expect(result.stderrLines.count == 1)
    }
}
