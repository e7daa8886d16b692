import Domain
import Testing

/// The rules of progress across interviews: traits and games matched by name across reports and
/// kinds, changes, keywords gained and lost, sections only one report has, and trends.
@Suite("Progress across interviews")
struct ProgressTests {
    static func interview(_ term: UInt32, _ kind: ItemType, date: String = "2026-01-01T10:00:00+09:00") -> InterviewTerm {
        InterviewTerm(termNo: TermNumber(term)!, companyName: "회사", occupationName: nil, careerName: nil,
                      registeredAt: date, itemType: kind, programLevel: nil, analysisStatus: .done)
    }

    static func trait(_ name: String, _ score: Int) -> Domain.Trait { Trait(name: name, score: score, level: .mid, comment: "") }
    static func game(_ name: String, _ score: Int, of max: Int, percentile: Int = 50) -> AptitudeGame {
        AptitudeGame(name: name, score: score, maxScore: max, percentile: percentile, comment: "")
    }

    static func snapshot(_ term: UInt32, _ kind: ItemType, traits: [Domain.Trait]? = nil, aptitude: Aptitude? = nil,
                         keywords: [String]? = nil) -> ReportSnapshot {
        ReportSnapshot(interview: interview(term, kind),
                       report: AnalysisReport(tips: nil, character: traits.map { CharacterProfile(type: "", description: "", traits: $0) },
                                              aptitude: aptitude, keywords: keywords))
    }

    @Test func traitsMatchByNameWhateverTheirOrderSpacingOrCase() {
        let before = Self.snapshot(1, .company, traits: [Self.trait("책임감", 60), Self.trait("Team  Work", 50), Self.trait("도전", 70)])
        let after = Self.snapshot(2, .personality, traits: [Self.trait("team work", 65), Self.trait("책임감", 58), Self.trait("공감", 40)])
        let comparison = ReportComparison(before: before, after: after)
        #expect(comparison.traits.map(\.name) == ["책임감", "Team  Work", "도전", "공감"])
        #expect(comparison.traits.map(\.change) == [-2, 15, nil, nil])
        #expect(comparison.traits[2].after == nil && comparison.traits[3].before == nil)
    }

    @Test func gamesCompareScoresOutOfTheSameMaximumElsePercentOfMaximum() {
        let before = Self.snapshot(1, .company, aptitude: Aptitude(grade: "C", percentile: 49, games: [
            Self.game("도형 회전", 26, of: 50, percentile: 52), Self.game("숫자 추론", 20, of: 40)]))
        let after = Self.snapshot(2, .company, aptitude: Aptitude(grade: "B", percentile: 78, games: [
            Self.game("도형 회전", 40, of: 50, percentile: 80), Self.game("숫자 추론", 30, of: 50)]))
        let comparison = ReportComparison(before: before, after: after)
        #expect(comparison.games[0].scoreChange == 14)
        #expect(comparison.games[0].percentileChange == 28)
        #expect(comparison.games[1].scoreChange == nil, "20/40 and 30/50 are not comparable as scores")
        #expect(comparison.games[1].percentOfMaxChange == 10)
        #expect(comparison.gradeSteps == 1)
        #expect(comparison.percentileChange == 29)
    }

    @Test func anUnknownGradeHasNoSteps() {
        #expect(AptitudeGrade.steps(from: "A", to: "E") == -4)
        #expect(AptitudeGrade.steps(from: "b", to: "A") == 1)
        #expect(AptitudeGrade.steps(from: "S", to: "A") == nil)
    }

    @Test func keywordsGainedAndLostAndSectionsOnlyOneHas() {
        let before = Self.snapshot(1, .company, traits: [Self.trait("책임감", 60)], aptitude: Aptitude(grade: "C", percentile: 40, games: []),
                                   keywords: ["Swift", "협업", "협업"])
        let after = Self.snapshot(2, .personality, traits: [Self.trait("책임감", 70)], keywords: ["swift", "리더십"])
        let comparison = ReportComparison(before: before, after: after)
        #expect(comparison.keywordsGained == ["리더십"])
        #expect(comparison.keywordsLost == ["협업"])
        #expect(comparison.sectionsOnlyBefore == [.aptitude])
        #expect(comparison.sectionsOnlyAfter == [])
    }

    @Test func whatTheKindDoesNotShowIsNotCompared() {
        // A personality report's aptitude data is not part of its report, so not of progress.
        let personality = Self.snapshot(1, .personality, traits: [Self.trait("책임감", 60)],
                                        aptitude: Aptitude(grade: "A", percentile: 99, games: [Self.game("숫자 추론", 1, of: 2)]))
        #expect(personality.aptitude == nil)
        #expect(personality.games.isEmpty)
        #expect(personality.sections == [.character])
        let competency = Self.snapshot(2, .competency, traits: [Self.trait("책임감", 60)])
        #expect(competency.traits.isEmpty)
    }

    @Test func aTrendHasEverySeriesSeenMoreThanOnceWithFirstLastAndBest() {
        let reports = [
            Self.snapshot(1, .company, traits: [Self.trait("책임감", 60), Self.trait("도전", 50)],
                          aptitude: Aptitude(grade: "C", percentile: 40, games: [Self.game("도형 회전", 20, of: 50)])),
            Self.snapshot(2, .personality, traits: [Self.trait("책임감", 80), Self.trait("공감", 30)]),
            Self.snapshot(3, .company, traits: [Self.trait("책임감", 75), Self.trait("도전", 40)],
                          aptitude: Aptitude(grade: "B", percentile: 70, games: [Self.game("도형 회전", 30, of: 40)])),
        ]
        let trend = ProgressTrend(reports: reports)
        #expect(trend.traits.map(\.name) == ["책임감", "도전"], "공감 is seen once")
        let responsibility = trend.traits[0]
        #expect(responsibility.points.map(\.value) == [60, 80, 75])
        #expect(responsibility.first.termNo.rawValue == 1 && responsibility.last.termNo.rawValue == 3)
        #expect(responsibility.best.termNo.rawValue == 2)
        #expect(responsibility.change == 15)
        #expect(trend.games.map(\.name) == ["도형 회전"])
        #expect(trend.games[0].points.map(\.value) == [40, 75], "percent of the maximum: 20/50 and 30/40")
        #expect(trend.aptitude.map(\.grade) == ["C", "B"])
        #expect(trend.improved.map(\.name) == ["책임감"])
        #expect(trend.fell.map(\.name) == ["도전"])
    }

    @Test func theBestOfEqualValuesIsTheEarliest() {
        let reports = [30, 50, 50].enumerated().map { index, score in
            Self.snapshot(UInt32(index + 1), .personality, traits: [Self.trait("책임감", score)])
        }
        #expect(ProgressTrend(reports: reports).traits[0].best.termNo.rawValue == 2)
    }
}
