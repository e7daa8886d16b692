/// The analysed report of one interview. A nil section is one the service has no data for.
public struct AnalysisReport: Hashable, Sendable {
    public let tips: Tips?
    public let character: CharacterProfile?
    public let aptitude: Aptitude?
    public let keywords: [String]?

    public init(tips: Tips?, character: CharacterProfile?, aptitude: Aptitude?, keywords: [String]?) {
        self.tips = tips
        self.character = character
        self.aptitude = aptitude
        self.keywords = keywords
    }

    /// Whether the service sent data for `section` (title is always there: it comes from the interview).
    public func hasData(for section: ReportSection) -> Bool {
        switch section {
        case .title: true
        case .tips: tips != nil
        case .character: character != nil
        case .aptitude: aptitude != nil
        case .keywords: keywords != nil
        case .video: false
        }
    }
}

/// Advice on how the member answered and behaved.
public struct Tips: Hashable, Sendable {
    public let summary: String
    public let items: [Tip]

    public init(summary: String, items: [Tip]) {
        self.summary = summary
        self.items = items
    }
}

public struct Tip: Hashable, Sendable {
    /// `answer`, `attitude`, `voice`, `posture`, … (the service may add categories).
    public let category: String
    public let title: String
    public let body: String

    public init(category: String, title: String, body: String) {
        self.category = category
        self.title = title
        self.body = body
    }
}

/// The personality-test result.
public struct CharacterProfile: Hashable, Sendable {
    public let type: String
    public let description: String
    public let traits: [Trait]

    public init(type: String, description: String, traits: [Trait]) {
        self.type = type
        self.description = description
        self.traits = traits
    }
}

public struct Trait: Hashable, Sendable {
    public let name: String
    /// 0–100.
    public let score: Int
    public let level: TraitLevel
    public let comment: String

    public init(name: String, score: Int, level: TraitLevel, comment: String) {
        self.name = name
        self.score = score
        self.level = level
        self.comment = comment
    }
}

/// How strong a trait is. A level this client does not know yet is kept as sent (`other`).
public enum TraitLevel: Hashable, Sendable {
    case low
    case mid
    case high
    case other(String)

    public init(code: String) {
        switch code {
        case "LOW": self = .low
        case "MID": self = .mid
        case "HIGH": self = .high
        default: self = .other(code)
        }
    }

    /// The level as the service spells it.
    public var code: String {
        switch self {
        case .low: "LOW"
        case .mid: "MID"
        case .high: "HIGH"
        case .other(let code): code
        }
    }
}

/// The aptitude-games result.
public struct Aptitude: Hashable, Sendable {
    /// "A" (best) to "E".
    public let grade: String
    /// 0–100: the share of members this result is ahead of.
    public let percentile: Int
    public let games: [AptitudeGame]

    public init(grade: String, percentile: Int, games: [AptitudeGame]) {
        self.grade = grade
        self.percentile = percentile
        self.games = games
    }
}

public struct AptitudeGame: Hashable, Sendable {
    public let name: String
    public let score: Int
    public let maxScore: Int
    public let percentile: Int
    public let comment: String

    public init(name: String, score: Int, maxScore: Int, percentile: Int, comment: String) {
        self.name = name
        self.score = score
        self.maxScore = maxScore
        self.percentile = percentile
        self.comment = comment
    }
}

extension InterviewTerm {
    /// The one rule for "pending or failed": the analysis endpoint answers both the same way
    /// (`result: null`); the interview's status tells them apart.
    public func analysisOutcome(_ result: AnalysisResult) -> AnalysisOutcome {
        switch result {
        case .ready(let report): .ready(report)
        case .pending: analysisStatus == .failed ? .failed : .pending
        }
    }
}
