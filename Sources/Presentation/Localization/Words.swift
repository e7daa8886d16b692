import Domain

/// The messages of one language, as the views ask for them: `words[.headingTips]`,
/// `words(.topShare, ["share": "26"])`. The language's form of a message, else its English form:
/// never a raw key.
public struct Words: Hashable, Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    public static let english = Words(.english)
    public static let korean = Words(.korean)

    /// The message's form in this language, placeholders and all; English when it has none.
    public func template(_ message: Message) -> String {
        Self.form(message, in: language) ?? EnglishCatalog.text(message)
    }

    /// The message's own form in `language`, or nil when the catalog lacks it (English never does).
    static func form(_ message: Message, in language: Language) -> String? {
        switch language {
        case .english: EnglishCatalog.text(message)
        case .korean: KoreanCatalog.table[message]
        }
    }

    /// `text` as a sentence of this language: Korean ends it with a period unless it ends with
    /// one already (or `?`, `!`, `…`); English leaves it as it is.
    public func sentence(_ text: String) -> String {
        guard let last = text.last, !".?!…".contains(last) else { return text }
        return self(.sentence, ["text": text])
    }

    /// An error or notice and its hint as the one line a person reads: English `message; hint`,
    /// Korean two sentences (`아직 분석 중입니다. 몇 분 뒤에 다시 시도해 주세요.`), never `;`.
    public func line(_ message: String, hint: String?) -> String {
        guard let hint, !hint.isEmpty else { return sentence(message) }
        return self(.lineWithHint, ["message": sentence(message), "hint": sentence(hint)])
    }

    public subscript(_ message: Message) -> String {
        template(message)
    }

    /// The message with its `{name}` placeholders filled from `arguments`.
    public func callAsFunction(_ message: Message, _ arguments: [String: String]) -> String {
        Self.fill(template(message), arguments)
    }

    /// `template` with each `{name}` of `arguments` replaced by its value; other braces kept.
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = arguments[String(rest[rest.index(after: open)..<close])] else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The `{name}` placeholders of a template.
    static func placeholders(_ template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

extension Message {
    /// The message that says `key`: the case of the same name (`CatalogTests` checks every key has one).
    public init(_ key: Detail.Key) {
        guard let message = Message(rawValue: key.rawValue) else { preconditionFailure("no message for \(key)") }
        self = message
    }
}

extension Words {
    /// A detail decided below the catalog (the Data layer's, a use case's) in this language: its
    /// message's form, each value as it is, a detail inside said in turn, an errno in its words.
    public func said(_ detail: Detail) -> String {
        Said(detail).text(in: self)
    }
}
