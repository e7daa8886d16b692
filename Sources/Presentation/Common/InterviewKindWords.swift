import Domain

/// The one table of the words for the kinds of interview: the word a command line takes
/// (`--kind company`) and the name a person reads ("Company interview").
public enum InterviewKindWords {
    public static let known: [(kind: ItemType, word: String, name: String)] = [
        (.company, "company", "Company interview"),
        (.personality, "personality", "Personality interview"),
        (.competency, "competency", "Competency interview"),
    ]

    /// The name a person reads; a kind this client does not know is shown as the service sent it.
    public static func name(_ kind: ItemType) -> String {
        if let entry = known.first(where: { $0.kind == kind }) { return entry.name }
        if case .other(let code) = kind, !code.isEmpty { return code }
        return SectionFormatter.unknown
    }

    /// "a company interview"; for a kind this client does not know, "an interview of kind X".
    public static func phrase(_ kind: ItemType) -> String {
        if let entry = known.first(where: { $0.kind == kind }) { return "a " + entry.name.lowercased() }
        if case .other(let code) = kind, !code.isEmpty { return "an interview of kind \(code)" }
        return "an interview of no kind"
    }
}
