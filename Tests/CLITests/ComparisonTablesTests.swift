@testable import CLI
import Domain
import Presentation
import Testing

/// `compare`'s cells in the member's language: a game scored out of different maxima changes in
/// percentage points, which Korean writes `%p`.
@Suite("Comparison tables in the member's language")
struct ComparisonTablesTests {
    private static func snapshot(_ term: UInt32, games: [AptitudeGame]) -> ReportSnapshot {
        ReportSnapshot(interview: InterviewTerm(termNo: TermNumber(term)!, companyName: "회사", occupationName: nil, careerName: nil,
                                                registeredAt: "2026-01-01T10:00:00+09:00", itemType: .company,
                                                programLevel: nil, analysisStatus: .done),
                       report: AnalysisReport(tips: nil, character: nil,
                                              aptitude: Aptitude(grade: "C", percentile: 50, games: games), keywords: nil))
    }

    @Test func aChangeInPercentOfTheMaximumIsInPercentagePoints() throws {
        // 20/40 is 50 % of the maximum, 30/50 is 60 %: not comparable as scores, +10 points.
        let comparison = ReportComparison(
            before: Self.snapshot(1, games: [AptitudeGame(name: "숫자 추론", score: 20, maxScore: 40, percentile: 50, comment: "")]),
            after: Self.snapshot(2, games: [AptitudeGame(name: "숫자 추론", score: 30, maxScore: 50, percentile: 60, comment: "")]))
        for (words, expected) in [(ProgressWords(.english), "10 pp"), (ProgressWords(.korean), "10%p")] {
            let table = try #require(ComparisonTables(comparison, words: words).tables.first { $0.header[0] == words.aptitude })
            let row = try #require(table.rows.first { $0[0] == "숫자 추론" })
            #expect(row[1...2] == ["20/40", "30/50"])
            #expect(row[3].hasSuffix(expected), "\(row[3])")
            #expect(row[3].contains("pp") == (expected == "10 pp"), "\(row[3])")
        }
    }
}
