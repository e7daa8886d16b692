import Domain

/// Turns domain entities into section view data. Pure functions: everything a view shows is
/// decided here, so the terminal, Markdown and HTML views only lay it out (`--json` is written
/// from the entities and needs none of it).
package enum SectionFormatter {
    package static func title(_ interview: InterviewTerm, words: Words = .english) -> TitleViewData {
        TitleViewData(
            interview: interview,
            headline: [interview.companyName, interview.occupationName, interview.careerName]
                .map { $0 ?? unknown }
                .joined(separator: " · "),
            kindText: [kindName(interview.itemType, words: words), programLevelText(interview.programLevel, words: words)]
                .joined(separator: " · "),
            dateText: dateText(interview.registeredAt, words: words),
            analysisText: analysisText(interview.analysisStatus, words: words)
        )
    }

    /// The sections of `report` formatted for display, in its order; empty unless the analysis is ready.
    static func sections(of report: TermReport, words: Words = .english) -> [SectionViewData] {
        report.sections.map { shown in
            SectionViewData(section: shown.section,
                            content: content(shown.section, interview: report.interview, data: shown.data, words: words),
                            words: words)
        }
    }

    static func content(_ section: ReportSection, interview: InterviewTerm, data: SectionData?,
                        words: Words = .english) -> SectionViewData.Content? {
        if section == .title { return .title(title(interview, words: words)) }
        return switch data {
        case .tips(let tips)?: .tips(self.tips(tips, words: words))
        case .character(let character)?: .character(self.character(character, words: words))
        case .aptitude(let aptitude)?: .aptitude(self.aptitude(aptitude, words: words))
        case .keywords(let keywords)?: .keywords(self.keywords(keywords))
        case .video(let video)?: .video(self.video(video, words: words))
        case nil: nil
        }
    }

    static func tips(_ tips: Tips, words: Words = .english) -> TipsViewData {
        TipsViewData(summary: tips.summary, items: tips.items.map { item in
            TipsViewData.Item(category: item.category, categoryLabel: categoryLabel(item.category, words: words),
                              title: item.title, body: item.body)
        })
    }

    static func character(_ character: CharacterProfile, words: Words = .english) -> CharacterViewData {
        CharacterViewData(type: character.type, description: character.description, traits: character.traits.map { trait in
            CharacterViewData.Trait(name: trait.name, score: trait.score, scoreText: "\(trait.score)/100",
                                    fraction: fraction(trait.score, of: 100), level: trait.level,
                                    levelText: levelText(trait.level, words: words), comment: trait.comment)
        })
    }

    static func aptitude(_ aptitude: Aptitude, words: Words = .english) -> AptitudeViewData {
        AptitudeViewData(
            grade: aptitude.grade,
            gradeText: words(.grade, ["grade": aptitude.grade]),
            percentile: aptitude.percentile,
            percentileText: words(.aptitudeShare, ["top": topText(aptitude.percentile, words: words),
                                                   "percentile": String(aptitude.percentile)]),
            games: aptitude.games.map { game in
                AptitudeViewData.Game(name: game.name, score: game.score, maxScore: game.maxScore,
                                      scoreText: "\(game.score)/\(game.maxScore)",
                                      fraction: fraction(game.score, of: game.maxScore),
                                      percentile: game.percentile, percentileText: topText(game.percentile, words: words),
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

    static func video(_ video: VideoReport, words: Words = .english) -> VideoViewData {
        VideoViewData(questions: video.questions.map { question in
            VideoViewData.Question(
                number: question.number, question: question.question, answerSeconds: question.answerSeconds,
                durationText: "\(question.answerSeconds / 60):\(twoDigits(question.answerSeconds % 60))",
                speechRate: question.speechRate, speechRateText: words(.speechRate, ["rate": String(question.speechRate)]),
                gazeStability: question.gazeStability, voiceStability: question.voiceStability,
                feedback: question.feedback)
        })
    }

    /// What a person reads where the service sent nothing (null, or no member at all).
    package static let unknown = "—"

    static func kindName(_ itemType: ItemType, words: Words = .english) -> String {
        InterviewKindWords.name(itemType, words: words)
    }

    /// The program level: the service's code in English (`BASIC`), its name in Korean (`기본 단계`).
    static func programLevelText(_ level: String?, words: Words = .english) -> String {
        guard let level else { return unknown }
        guard !level.isEmpty else { return level }
        let message: Message = switch level.uppercased() {
        case "BASIC": .programLevelBasic
        case "ADVANCED": .programLevelAdvanced
        default: .programLevelOther
        }
        return words(message, ["level": level])
    }

    static func analysisText(_ status: AnalysisStatus, words: Words = .english) -> String {
        switch status {
        case .done: words[.statusReady]
        case .pending: words[.statusPending]
        case .failed: words[.statusFailed]
        case .other(let code): code.isEmpty ? unknown : code
        }
    }

    static func levelText(_ level: TraitLevel, words: Words = .english) -> String {
        switch level {
        case .low: words[.levelLow]
        case .mid: words[.levelMid]
        case .high: words[.levelHigh]
        case .other(let code): code.isEmpty ? unknown : code.lowercased()
        }
    }

    static func categoryLabel(_ category: String, words: Words = .english) -> String {
        switch category {
        case "answer": words[.tipAnswer]
        case "attitude": words[.tipAttitude]
        case "voice": words[.tipVoice]
        case "posture": words[.tipPosture]
        default: category
        }
    }

    /// "top 29%" ("상위 29%"): the share of members at or above this percentile, never shown as 0%.
    public static func topText(_ percentile: Int, words: Words = .english) -> String {
        words(.topShare, ["share": String(max(1, 100 - min(max(percentile, 0), 100)))])
    }

    static func dateText(_ iso: String?, words: Words = .english) -> String {
        iso.map { DisplayDate.text($0, words: words) } ?? unknown
    }

    private static func fraction(_ value: Int, of maximum: Int) -> Double {
        guard maximum > 0 else { return 0 }
        return min(max(Double(value) / Double(maximum), 0), 1)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
