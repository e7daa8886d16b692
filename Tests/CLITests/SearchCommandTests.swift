import Foundation
import Testing
import TestSupport

/// `report search` over reports kept by `fetch`, in-process: the three Korean matches (a part of
/// a word, a phrase without its blank, initial consonants), the filters, the documents, and a
/// query that matches nothing. The server is stopped before searching: a search never asks it.
@Suite("report search")
struct SearchCommandTests {
    /// The demo data with one text of its own: 1003's tips summary speaks of "압박 면접".
    static func dataWithPressureInterview() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-search-data-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("ServerData/demo"), to: folder)
        let file = folder.appendingPathComponent("interviews/1003.json")
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var report = try #require(record["report"] as? [String: Any])
        var tips = try #require(report["tips"] as? [String: Any])
        tips["summary"] = "압박 면접에서도 근거를 차분히 들었습니다."
        report["tips"] = tips
        record["report"] = report
        try JSONSerialization.data(withJSONObject: record).write(to: file)
        return folder
    }

    /// A store holding 1001, 1003 (with its video report) and 1031, kept by `fetch` from a server
    /// that is then stopped; `search` runs against the same base URL, which no longer answers.
    final class KeptReports: Sendable {
        let cache = CacheHome()
        let baseURL: String
        let data: URL

        init() async throws {
            data = try SearchCommandTests.dataWithPressureInterview()
            let server = try await ReferenceServer.start(dataDirectory: data)
            baseURL = server.baseURL
            for arguments in [["1001", "1003", "--jsonl"], ["1031", "--section", "tips,character,keywords,video", "--json"]] {
                let fetched = try await cachedReport(["fetch"] + arguments, cache: cache, server: server)
                #expect(fetched.status == 0, "\(fetched.stderr)")
            }
            await server.stopAndWait()
        }

        deinit { try? FileManager.default.removeItem(at: data) }

        func search(_ arguments: String..., columns: Int? = nil) async -> RunResult {
            await reportInProcess(["search"] + arguments, environment: [
                "REPORT_BASE_URL": baseURL, "REPORT_TOKEN": "demo-access-42", "XDG_CACHE_HOME": cache.url.path,
            ], columns: columns)
        }
    }

    static func matches(_ result: RunResult) throws -> [[String: Any]] {
        try #require(try result.json()["matches"] as? [[String: Any]])
    }

    @Test(.tags(.slow)) func koreanMatchesAPartOfAWordAPhraseWithoutItsBlankAndInitialConsonants() async throws {
        let kept = try await KeptReports()

        // A part of a word: 침착 finds 침착하게.
        let part = await kept.search("침착", "--json")
        #expect(part.status == 0, "\(part.stderr)")
        let partMatches = try Self.matches(part)
        #expect(partMatches.contains { $0["termNo"] as? Int == 1031 && ($0["text"] as? String)?.contains("침착하게") == true })
        #expect(partMatches.allSatisfy { ($0["match"] as? [String: Any])?["text"] as? String == "침착" })

        // A phrase without its blank: 압박면접 finds 압박 면접, marked with its blank.
        let phrase = await kept.search("압박면접", "--json")
        #expect(phrase.status == 0, "\(phrase.stderr)")
        let phraseMatches = try Self.matches(phrase)
        #expect(phraseMatches.map { $0["termNo"] as? Int } == [1003])
        #expect((phraseMatches.first?["match"] as? [String: Any])?["text"] as? String == "압박 면접")
        #expect(phraseMatches.first?["field"] as? String == "tips.summary")

        // Initial consonants: ㅊㅊㅎㄱ finds 침착하게.
        let initials = await kept.search("ㅊㅊㅎㄱ", "--json")
        #expect(initials.status == 0, "\(initials.stderr)")
        let initialMatches = try Self.matches(initials)
        #expect(!initialMatches.isEmpty)
        #expect(initialMatches.allSatisfy { ($0["match"] as? [String: Any])?["text"] as? String == "침착하게" })

        // In a pipe: one tab-separated line a match, the match in brackets.
        let text = await kept.search("압박", "면접")
        #expect(text.status == 0)
        #expect(text.stdout == "1003\t2026-10-27 14:05 KST\tCompetency interview\t네이버\tTips › summary\t[압박 면접]에서도 근거를 차분히 들었습니다.\n",
                "\(text.stdout)")
    }

    @Test(.tags(.slow)) func aQueryThatMatchesNothingExits1AndPrintsNothing() async throws {
        let kept = try await KeptReports()
        let none = await kept.search("블록체인")
        #expect(none.status == 1)
        #expect(none.stdout == "")
        #expect(none.stderr == "", "silent in a pipe, as grep")
        let json = await kept.search("블록체인", "--json")
        #expect(json.status == 1)
        #expect(try Self.matches(json).isEmpty)
        #expect(try json.json()["reports"] as? Int == 3)
        // A filter that keeps no interview matches nothing either.
        let filtered = await kept.search("침착", "--kind", "company")
        #expect(filtered.status == 1)
    }

    @Test(.tags(.slow)) func filtersKeepTheirInterviewsAndVideoFeedbackIsSearched() async throws {
        let kept = try await KeptReports()
        let company = await kept.search("결론", "--company", "사람", "--json")
        #expect(company.status == 0, "\(company.stderr)")
        #expect(Set(try Self.matches(company).compactMap { $0["termNo"] as? Int }) == [1001])
        let dated = await kept.search("결론", "--since", "2026-01-01", "--until", "2026-12-31", "--jsonl")
        #expect(dated.status == 0)
        #expect(dated.stdoutLines.filter { !$0.isEmpty }.allSatisfy { $0.contains("\"schemaVersion\":1") })
        #expect(!dated.stdout.contains("\"termNo\":1031"), "1031 was taken in 2025")
        let video = await kept.search("카메라를", "--json")
        #expect(try Self.matches(video).contains { ($0["field"] as? String)?.hasPrefix("video.") == true })

        // Both documents against their published schemas.
        let json = await kept.search("침착", "--json")
        let document = try await JSONSchemaTests.validate(json.stdout, against: "search.schema.json")
        #expect(document.status == 0, "\(document.stdout)\(document.stderr)")
        let lines = await kept.search("침착", "--jsonl")
        let line = try await JSONSchemaTests.validate(lines.stdout, against: "search-line.schema.json")
        #expect(line.status == 0, "\(line.stdout)\(line.stderr)")
    }

    @Test(arguments: [["search"], ["search", " "], ["search", "x", "--since", "2026-13-01"], ["search", "x", "--limit", "0"]])
    func badArgumentsAreUsageErrors(arguments: [String]) async {
        let result = await reportInProcess(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
    }
}
