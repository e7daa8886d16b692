/// One text of a kept report that `report search` looks in, with where it is.
public struct SearchableText: Hashable, Sendable {
    public let field: SearchField
    /// A trait's name for its comment, a question's number for its feedback: what the line names.
    public let label: String?
    public let text: String

    public init(field: SearchField, label: String? = nil, text: String) {
        self.field = field
        self.label = label
        self.text = text
    }

    /// Every searchable text of a report and its video report, in the order a report shows them;
    /// empty texts left out.
    public static func texts(of report: AnalysisReport?, video: VideoReport?) -> [SearchableText] {
        var texts: [SearchableText] = []
        if let tips = report?.tips {
            texts.append(SearchableText(field: .tipsSummary, text: tips.summary))
            for tip in tips.items {
                texts.append(SearchableText(field: .tipTitle, label: tip.category, text: tip.title))
                texts.append(SearchableText(field: .tipBody, label: tip.category, text: tip.body))
            }
        }
        if let character = report?.character {
            texts.append(SearchableText(field: .characterType, text: character.type))
            texts.append(SearchableText(field: .characterDescription, text: character.description))
            for trait in character.traits {
                texts.append(SearchableText(field: .traitComment, label: trait.name, text: trait.comment))
            }
        }
        for keyword in report?.keywords ?? [] {
            texts.append(SearchableText(field: .keyword, text: keyword))
        }
        for question in video?.questions ?? [] {
            texts.append(SearchableText(field: .videoQuestion, label: "Q\(question.number)", text: question.question))
            texts.append(SearchableText(field: .videoFeedback, label: "Q\(question.number)", text: question.feedback))
        }
        return texts.filter { !$0.text.allSatisfy(\.isWhitespace) }
    }
}
