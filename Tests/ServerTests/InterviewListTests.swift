import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET /v1/interviews`: the member's interviews, newest first, in pages.
@Suite struct InterviewListTests {
    @Test func firstPageHasTwentyNewestFirst() async throws {
        try await withServer { api in
            let page = try await api.get("/v1/interviews?status=completed&page=1&size=20").decoded(WirePage.self)
            #expect(page.page == 1)
            #expect(page.size == 20)
            #expect(page.total == 35)
            #expect(page.items.count == 20)
            // Newest first by regDate, which is not termNo order: 1005 and 1006 are newer than 1001.
            #expect(page.items.prefix(4).map(\.termNo) == [1005, 1006, 1001, 1002])
            let dates = page.items.map { ISO8601DateFormatter().date(from: $0.regDate) ?? .distantPast }
            #expect(dates == dates.sorted(by: >))
            #expect(!page.items.contains { $0.termNo == 2001 }, "member 7's interview is not listed")
        }
    }

    @Test func pagesCoverEveryInterviewOnce() async throws {
        try await withServer { api in
            let first = try await api.get("/v1/interviews").decoded(WirePage.self)
            let second = try await api.get("/v1/interviews?page=2").decoded(WirePage.self)
            let third = try await api.get("/v1/interviews?page=3").decoded(WirePage.self)
            #expect(first.page == 1 && first.size == 20, "defaults")
            #expect(second.items.count == 15)
            #expect(third.items.isEmpty)
            #expect(third.total == 35)
            let all = (first.items + second.items).map(\.termNo)
            #expect(Set(all) == Set(1001...1035))
            let formatter = ISO8601DateFormatter()
            let last = try #require(first.items.last.flatMap { formatter.date(from: $0.regDate) })
            let next = try #require(second.items.first.flatMap { formatter.date(from: $0.regDate) })
            #expect(last >= next, "the order continues across pages")
        }
    }

    @Test func smallAndLargePageSizes() async throws {
        try await withServer { api in
            let small = try await api.get("/v1/interviews?page=4&size=7").decoded(WirePage.self)
            #expect(small.items.count == 7)
            let everything = try await api.get("/v1/interviews?size=100").decoded(WirePage.self)
            #expect(everything.items.count == 35)
            #expect(Array(everything.items[21..<28]) == small.items)
            let memberSeven = try await api.get("/v1/interviews", token: APIClient.member7).decoded(WirePage.self)
            #expect(memberSeven.items.map(\.termNo) == [2001])
            #expect(memberSeven.total == 1)
        }
    }

    @Test func listShowsEachInterviewsStatus() async throws {
        try await withServer { api in
            let items = try await api.get("/v1/interviews?size=100").decoded(WirePage.self).items
            let status = Dictionary(uniqueKeysWithValues: items.map { ($0.termNo, $0.analysisStatus) })
            #expect(status[1001] == "DONE")
            #expect(status[1005] == "PENDING")
            #expect(status[1006] == "PENDING")
            #expect(status[1008] == "FAILED")
            #expect(items.first { $0.termNo == 1007 }?.itemTypeCode == "SITUATION")
        }
    }
}
