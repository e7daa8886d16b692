import Foundation
@testable import ReportServer
import TestSupport
import Testing

/// The demo data's series for `compare` and `trend`: interviews of one kind, one member, over months.
@Suite struct DemoDataTests {
    static let series: [UInt32] = Array(1031...1035)

    @Test func thePersonalitySeriesMatchesAcrossInterviewsAndChangesOverTime() throws {
        let dataSet = try DataSet.load(from: Paths.demoData)
        let records = try Self.series.map { try #require(dataSet.interviews[$0]) }
        #expect(records.allSatisfy { $0.memIdx == 42 && $0.interview.itemTypeCode == "PERSONALITY" })
        #expect(records.allSatisfy { $0.interview.analysisStatus == .done && $0.videoReport != nil })

        let dates = records.compactMap { ISO8601Timestamp.date(from: $0.interview.regDate) }
        #expect(dates == dates.sorted() && Set(dates).count == dates.count, "a month apart, oldest first")
        let span = try #require(dates.last).timeIntervalSince(try #require(dates.first))
        #expect(span > 90 * 86_400, "spread over months")

        let reports = try records.map { try #require($0.report) }
        let traits = try reports.map { try #require($0.character).traits.map(\.name) }
        let games = try reports.map { try #require($0.aptitude).games.map(\.name) }
        let questions = try records.map { try #require($0.videoReport).questions.map(\.question) }
        #expect(Set(traits).count == 1 && traits[0].count == 5, "the same five traits in every report")
        #expect(Set(games).count == 1 && games[0].count == 3, "the same three games")
        #expect(Set(questions).count == 1)
        for trait in traits[0].indices {
            let scores = reports.compactMap { $0.character?.traits[trait].score }
            #expect(Set(scores).count > 1, "\(traits[0][trait]) changes over time: \(scores)")
        }
        let all = (records.map { $0.interview.companyName } + reports.flatMap { $0.keyword ?? [] } + traits[0] + games[0])
        #expect(all.allSatisfy { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }, "Korean text")
    }

    @Test func theSeriesComesAfterTheOtherInterviewsInTheList() throws {
        let list = try DataSet.load(from: Paths.demoData).interviews(of: 42).map(\.interview.termNo)
        #expect(Array(list.suffix(5)) == Self.series.reversed(), "the oldest, so pages 1 and 2 begin as before")
        #expect(Array(list.prefix(4)) == [1005, 1006, 1001, 1002])
    }
}
