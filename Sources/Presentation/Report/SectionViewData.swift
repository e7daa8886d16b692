import Domain

/// One section of the report as a view shows it: its kind, and either its content formatted for
/// display or nil, meaning "not available" — a section the interview's kind shows but the service
/// has no data for.
public struct SectionViewData: Hashable, Sendable {
    public let section: ReportSection
    public let content: Content?
    /// The language of its texts (and of its heading).
    public let words: Words

    public enum Content: Hashable, Sendable {
        case title(TitleViewData)
        case tips(TipsViewData)
        case character(CharacterViewData)
        case aptitude(AptitudeViewData)
        case keywords(KeywordsViewData)
        case video(VideoViewData)
    }

    public init(section: ReportSection, content: Content?, words: Words = .english) {
        self.section = section
        self.content = content
        self.words = words
    }

    /// The heading a view prints above the section.
    public var heading: String { section.heading(words) }
}

extension ReportSection {
    /// The section's heading, as the terminal shows it, in English.
    public var heading: String { heading(.english) }

    /// The section's heading in the language of `words` (in Korean, the service's own names:
    /// 면접 팁, 인성 분석, 적성 검사, 키워드, 영상 분석).
    public func heading(_ words: Words) -> String {
        switch self {
        case .title: words[.headingTitle]
        case .tips: words[.headingTips]
        case .character: words[.headingCharacter]
        case .aptitude: words[.headingAptitude]
        case .keywords: words[.headingKeywords]
        case .video: words[.headingVideo]
        }
    }
}

/// The report's title: which interview this is.
public struct TitleViewData: Hashable, Sendable {
    public let interview: InterviewTerm
    /// "사람인 · iOS 개발 · 경력 3년"
    public let headline: String
    /// "Company interview · BASIC"
    public let kindText: String
    /// "2026-11-02 10:15 (+09:00)"
    public let dateText: String
    /// "ready", "pending", "failed"
    public let analysisText: String
}

public struct TipsViewData: Hashable, Sendable {
    public let summary: String
    public let items: [Item]

    public struct Item: Hashable, Sendable {
        public let category: String
        /// A readable label for the category ("Answer", "Attitude", …; unknown ones as sent).
        public let categoryLabel: String
        public let title: String
        public let body: String
    }
}

public struct CharacterViewData: Hashable, Sendable {
    public let type: String
    public let description: String
    public let traits: [Trait]

    public struct Trait: Hashable, Sendable {
        public let name: String
        public let score: Int
        /// "72/100"
        public let scoreText: String
        /// 0…1, for a bar.
        public let fraction: Double
        public let level: TraitLevel
        /// "high", "medium", "low"
        public let levelText: String
        public let comment: String
    }
}

public struct AptitudeViewData: Hashable, Sendable {
    public let grade: String
    /// "grade B"
    public let gradeText: String
    public let percentile: Int
    /// "top 29% (ahead of 71%)"
    public let percentileText: String
    public let games: [Game]

    public struct Game: Hashable, Sendable {
        public let name: String
        public let score: Int
        public let maxScore: Int
        /// "34/50"
        public let scoreText: String
        /// 0…1, for a bar.
        public let fraction: Double
        public let percentile: Int
        /// "top 29%"
        public let percentileText: String
        public let comment: String
    }
}

public struct KeywordsViewData: Hashable, Sendable {
    public let keywords: [String]
    /// "협업 · 문제 해결": each as the service wrote it
    public let text: String
}

public struct VideoViewData: Hashable, Sendable {
    public let questions: [Question]

    public struct Question: Hashable, Sendable {
        public let number: Int
        public let question: String
        public let answerSeconds: Int
        /// "0:58"
        public let durationText: String
        public let speechRate: Int
        /// "312 syllables/min"
        public let speechRateText: String
        public let gazeStability: Int
        public let voiceStability: Int
        public let feedback: String
    }
}
