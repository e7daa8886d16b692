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

    static func dated(_ term: UInt32, _ date: String, traits: [Domain.Trait] = [], aptitude: Aptitude? = nil,
                      video: [(gaze: Int, voice: Int, question: String)] = []) -> ReportSnapshot {
        ReportSnapshot(interview: interview(term, .company, date: date),
                       report: AnalysisReport(tips: nil, character: CharacterProfile(type: "", description: "", traits: traits),
                                              aptitude: aptitude, keywords: nil),
                       video: video.isEmpty ? nil : VideoReport(questions: video.enumerated().map { index, item in
                           VideoQuestion(number: index + 1, question: item.question, answerSeconds: 60, speechRate: 300,
                                         gazeStability: item.gaze, voiceStability: item.voice, feedback: "")
                       }))
    }

    @Test func datesOrderByTheirInstantWhateverTheirOffset() {
        #expect(InterviewDate.instant("1970-01-01T00:00:00Z") == 0)
        #expect(InterviewDate.instant("2026-11-02T10:15:00+09:00") == InterviewDate.instant("2026-11-02T01:15:00Z"))
        #expect(InterviewDate.instant("2024-02-29T00:00Z").map { $0 % 86_400 } == 0)
        #expect(InterviewDate.instant("2026-11-02T10:15:00.250-05:30") == InterviewDate.instant("2026-11-02T15:45:00Z"))
        #expect(InterviewDate.instant("yesterday") == nil && InterviewDate.instant(nil) == nil)
    }

    @Test func aTrendTakesReportsInTheOrderTheyWereTakenWhateverOrderTheyAreGiven() {
        let trend = ProgressTrend(reports: [
            Self.dated(3, "2026-03-01T10:00:00+09:00", traits: [Self.trait("책임감", 70)]),
            Self.dated(1, "2026-01-01T10:00:00+09:00", traits: [Self.trait("책임감", 40)]),
            Self.dated(2, "2026-02-01T00:00:00Z", traits: [Self.trait("책임감", 60)]),
        ])
        #expect(trend.reports.map(\.termNo.rawValue) == [1, 2, 3])
        #expect(trend.traits[0].first.value == 40 && trend.traits[0].change == 30)
    }

    @Test func everySeriesLiesOnTheTrendsTimeAxisWithGaps() {
        let trend = ProgressTrend(reports: [
            Self.dated(1, "2026-01-01T10:00:00+09:00", traits: [Self.trait("책임감", 40)]),
            Self.dated(2, "2026-02-01T10:00:00+09:00", traits: [Self.trait("도전", 50)],
                       aptitude: Aptitude(grade: "B", percentile: 70, games: [])),
            Self.dated(3, "2026-03-01T10:00:00+09:00", traits: [Self.trait("책임감", 70), Self.trait("도전", 55)]),
            Self.dated(4, "2026-04-01T10:00:00+09:00", aptitude: Aptitude(grade: "C", percentile: 60, games: [])),
        ])
        #expect(trend.traits.map(\.slots) == [[40, nil, 70, nil], [nil, 50, 55, nil]])
        #expect(trend.aptitudeSlots.map { $0?.grade } == [nil, "B", nil, "C"])
    }

    @Test func theChangesCoverTraitsGradePercentileGamesAndVideo() {
        let trend = ProgressTrend(reports: [
            Self.dated(1, "2026-01-01T10:00:00+09:00", traits: [Self.trait("책임감", 40)],
                       aptitude: Aptitude(grade: "A", percentile: 90, games: [Self.game("도형 회전", 40, of: 50)]),
                       video: [(60, 70, "자기소개")]),
            Self.dated(2, "2026-02-01T10:00:00+09:00", traits: [Self.trait("책임감", 45)],
                       aptitude: Aptitude(grade: "B", percentile: 80, games: [Self.game("도형 회전", 20, of: 50)]),
                       video: [(80, 66, "자기소개")]),
        ])
        #expect(trend.video.map(\.name) == ["gazeStability", "voiceStability"])
        let question = { (measure: VideoMeasure) in ProgressTrend.Subject.videoQuestion(measure, number: 1, question: "자기소개") }
        #expect(trend.rose == [.init(subject: .video(.gazeStability), change: 20), .init(subject: question(.gazeStability), change: 20),
                               .init(subject: .trait("책임감"), change: 5)])
        #expect(trend.fellAll == [.init(subject: .grade, change: -1), .init(subject: .game("도형 회전"), change: -40),
                                  .init(subject: .percentile, change: -10), .init(subject: .video(.voiceStability), change: -4),
                                  .init(subject: question(.voiceStability), change: -4)])
        #expect(trend.fell.isEmpty, "the JSON's `fell` stays the traits that fell")
    }

    @Test func aTrendFollowsEachQuestionAskedMoreThanOnce() {
        let trend = ProgressTrend(reports: [
            Self.dated(2, "2026-02-01T10:00:00+09:00", video: [(80, 70, "자기소개를 해 주세요"), (90, 90, "지원 동기")]),
            Self.dated(1, "2026-01-01T10:00:00+09:00", video: [(60, 50, "자기소개를  해 주세요"), (10, 10, "갈등 경험")]),
            Self.dated(3, "2026-03-01T10:00:00+09:00", video: [(70, 75, "지원 동기")]),
        ])
        // Oldest first; matched by text as names are (the double space aside); a question asked once has none.
        #expect(trend.videoQuestions.map { "\($0.measure.rawValue) \($0.question)" }
                == ["gazeStability 자기소개를  해 주세요", "voiceStability 자기소개를  해 주세요",
                    "gazeStability 지원 동기", "voiceStability 지원 동기"])
        let motive = trend.videoQuestions[2]
        #expect(motive.series.slots == [nil, 90, 70] && motive.series.change == -20)
        #expect(motive.number == 1, "numbered as the newest report that asked it (3, where it comes first) numbers it")
    }

    @Test func aComparisonKnowsWhenAIsNewerAndMatchesVideoQuestions() {
        let newer = Self.dated(2, "2026-02-01T10:00:00+09:00", video: [(80, 70, "자기소개를 해 주세요"), (90, 90, "지원 동기")])
        let older = Self.dated(1, "2026-01-01T10:00:00+09:00", video: [(60, 50, "자기소개를  해 주세요"), (10, 10, "갈등 경험")])
        #expect(ReportComparison(before: newer, after: older).beforeIsNewer)
        let comparison = ReportComparison(before: older, after: newer)
        #expect(!comparison.beforeIsNewer)
        let means = comparison.video.filter { $0.question == nil }
        #expect(means.map(\.measure) == [.gazeStability, .voiceStability, .speechRate])
        #expect(means.map(\.change) == [50, 50, 0], "gaze 35 → 85, voice 30 → 80")
        let perQuestion = comparison.video.filter { $0.question != nil }
        #expect(Set(perQuestion.map(\.question)) == ["자기소개를  해 주세요"], "only the question both asked")
        #expect(perQuestion.first { $0.measure == .gazeStability }?.change == 20)
    }
}
