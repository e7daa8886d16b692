/// Which text of a kept report a search match is in: the tips' summary, a tip's title or body,
/// the character type, its description, a trait's comment, a keyword, a video question or its
/// feedback. The raw value is the `--json` document's `field` and the index's column value.
public enum SearchField: String, CaseIterable, Hashable, Sendable {
    case tipsSummary = "tips.summary"
    case tipTitle = "tips.title"
    case tipBody = "tips.body"
    case characterType = "character.type"
    case characterDescription = "character.description"
    case traitComment = "character.trait"
    case keyword = "keywords"
    case videoQuestion = "video.question"
    case videoFeedback = "video.feedback"

    /// The report's section the text belongs to.
    public var section: ReportSection {
        switch self {
        case .tipsSummary, .tipTitle, .tipBody: .tips
        case .characterType, .characterDescription, .traitComment: .character
        case .keyword: .keywords
        case .videoQuestion, .videoFeedback: .video
        }
    }

    /// How much a match here weighs in the ranking: a name or title the member chose to read
    /// first (a keyword, a tip's title, the character type) before a sentence of a body.
    public var weight: Int {
        switch self {
        case .keyword, .characterType, .tipTitle, .videoQuestion: 3
        case .tipsSummary: 2
        case .tipBody, .characterDescription, .traitComment, .videoFeedback: 1
        }
    }
}
