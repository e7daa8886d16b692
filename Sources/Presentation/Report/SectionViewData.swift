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
