import Domain

extension SearchField {
    /// The field as a person reads it, after its section's heading: `Tips › tip title`.
    public func name(_ words: Words) -> String {
        let field: Message = switch self {
        case .tipsSummary: .searchFieldSummary
        case .tipTitle: .searchFieldTipTitle
        case .tipBody: .searchFieldTipBody
        case .characterType: .searchFieldCharacterType
        case .characterDescription: .searchFieldCharacterDescription
        case .traitComment: .searchFieldTrait
        case .keyword: .searchFieldKeyword
        case .videoQuestion: .searchFieldQuestion
        case .videoFeedback: .searchFieldFeedback
        }
        return section.heading(words) + " › " + words[field]
    }
}
