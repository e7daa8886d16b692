import Domain

/// The one table of the words for the kinds of interview: the word a command line takes
/// (`--kind company`) and the name a person reads ("Company interview", "기업 면접").
public enum InterviewKindWords {
    public static let known: [(kind: ItemType, word: String, message: Message)] = [
        (.company, "company", .kindCompany),
        (.personality, "personality", .kindPersonality),
        (.competency, "competency", .kindCompetency),
    ]

    /// The name a person reads; a kind this client does not know is shown as the service sent it.
    public static func name(_ kind: ItemType, words: Words = .english) -> String {
        if let entry = known.first(where: { $0.kind == kind }) { return words[entry.message] }
        if case .other(let code) = kind, !code.isEmpty { return words(.kindOther, ["code": code]) }
        return SectionFormatter.unknown
    }

    /// The kind inside a detail: "a company interview" (기업 면접); "an interview of kind X".
    public static func detail(_ kind: ItemType) -> Detail {
        switch kind {
        case .company: Detail(.detailKindCompany)
        case .personality: Detail(.detailKindPersonality)
        case .competency: Detail(.detailKindCompetency)
        case .other(let code) where !code.isEmpty: Detail(.detailKindOther, ["code": .data(code)])
        default: Detail(.detailKindNone)
        }
    }

    /// "a company interview"; for a kind this client does not know, "an interview of kind X".
    public static func phrase(_ kind: ItemType) -> String {
        if known.contains(where: { $0.kind == kind }) { return "a " + name(kind).lowercased() }
        if case .other(let code) = kind, !code.isEmpty { return "an interview of kind \(code)" }
        return "an interview of no kind"
    }
}
