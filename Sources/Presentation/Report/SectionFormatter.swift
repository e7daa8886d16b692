import Domain

/// Turns domain entities into section view data. Pure functions: everything a view shows is
/// decided here, so the terminal, Markdown and HTML views only lay it out (`--json` is written
/// from the entities and needs none of it).
package enum SectionFormatter {
    package static func title(_ interview: InterviewTerm) -> TitleViewData {
        TitleViewData(
            interview: interview,
            headline: [interview.companyName, interview.occupationName, interview.careerName]
                .map { $0 ?? unknown }
                .joined(separator: " · "),
            kindText: [kindName(interview.itemType), interview.programLevel ?? unknown]
                .joined(separator: " · "),
            dateText: dateText(interview.registeredAt),
            analysisText: analysisText(interview.analysisStatus)
        )
    }

    /// The sections of `report` formatted for display, in its order; empty unless the analysis is ready.
    static func sections(of report: TermReport) -> [SectionViewData] {
        report.sections.map { shown in
            SectionViewData(section: shown.section, content: content(shown.section, interview: report.interview, data: shown.data))
        }
    }

    static func content(_ section: ReportSection, interview: InterviewTerm, data: SectionData?) -> SectionViewData.Content? {
        if section == .title { return .title(title(interview)) }
        return switch data {
        case .tips(let tips)?: .tips(self.tips(tips))
        case .character(let character)?: .character(self.character(character))
        case .aptitude(let aptitude)?: .aptitude(self.aptitude(aptitude))
        case .keywords(let keywords)?: .keywords(self.keywords(keywords))
        case .video(let video)?: .video(self.video(video))
        case nil: nil
        }
    }

    static func tips(_ tips: Tips) -> TipsViewData {
        TipsViewData(summary: tips.summary, items: tips.items.map { item in
            TipsViewData.Item(category: item.category, categoryLabel: categoryLabel(item.category),
                              title: item.title, body: item.body)
        })
    }

    static func character(_ character: CharacterProfile) -> CharacterViewData {
        CharacterViewData(type: character.type, description: character.description, traits: character.traits.map { trait in
            CharacterViewData.Trait(name: trait.name, score: trait.score, scoreText: "\(trait.score)/100",
                                    fraction: fraction(trait.score, of: 100), level: trait.level,
                                    levelText: levelText(trait.level), comment: trait.comment)
        })
    }

    static func aptitude(_ aptitude: Aptitude) -> AptitudeViewData {
        AptitudeViewData(
            grade: aptitude.grade,
            gradeText: "grade \(aptitude.grade)",
            percentile: aptitude.percentile,
            percentileText: "\(topText(aptitude.percentile)) (ahead of \(aptitude.percentile)%)",
            games: aptitude.games.map { game in
                AptitudeViewData.Game(name: game.name, score: game.score, maxScore: game.maxScore,
                                      scoreText: "\(game.score)/\(game.maxScore)",
                                      fraction: fraction(game.score, of: game.maxScore),
                                      percentile: game.percentile, percentileText: topText(game.percentile),
                                      comment: game.comment)
            }
        )
    }

    static func keywords(_ keywords: [String]) -> KeywordsViewData {
        KeywordsViewData(keywords: keywords, text: keywords.joined(separator: keywordSeparator))
    }

    /// Between keywords on a line: every view shows a keyword as the service wrote it
    /// (`크래시율 개선`, never `#크래시율_개선`), these between them.
    public static let keywordSeparator = " · "

    static func video(_ video: VideoReport) -> VideoViewData {
        VideoViewData(questions: video.questions.map { question in
            VideoViewData.Question(
                number: question.number, question: question.question, answerSeconds: question.answerSeconds,
                durationText: "\(question.answerSeconds / 60):\(twoDigits(question.answerSeconds % 60))",
                speechRate: question.speechRate, speechRateText: "\(question.speechRate) syllables/min",
                gazeStability: question.gazeStability, voiceStability: question.voiceStability,
                feedback: question.feedback)
        })
    }

    /// What a person reads where the service sent nothing (null, or no member at all).
    package static let unknown = "—"

    static func kindName(_ itemType: ItemType) -> String {
        InterviewKindWords.name(itemType)
    }

    static func analysisText(_ status: AnalysisStatus) -> String {
        switch status {
        case .done: "ready"
        case .pending: "pending"
        case .failed: "failed"
        case .other(let code): code.isEmpty ? unknown : code
        }
    }

    static func levelText(_ level: TraitLevel) -> String {
        switch level {
        case .low: "low"
        case .mid: "medium"
        case .high: "high"
        case .other(let code): code.isEmpty ? unknown : code.lowercased()
        }
    }

    static func categoryLabel(_ category: String) -> String {
        switch category {
        case "answer": "Answer"
        case "attitude": "Attitude"
        case "voice": "Voice"
        case "posture": "Posture"
        default: category
        }
    }

    /// "top 29%": the share of members at or above this percentile, never shown as 0%.
    public static func topText(_ percentile: Int) -> String {
        "top \(max(1, 100 - min(max(percentile, 0), 100)))%"
    }

    static func dateText(_ iso: String?) -> String {
        iso.map(DisplayDate.text) ?? unknown
    }

    private static func fraction(_ value: Int, of maximum: Int) -> Double {
        guard maximum > 0 else { return 0 }
        return min(max(Double(value) / Double(maximum), 0), 1)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
