import Domain

/// A line, or a part of one, for a person to read: a catalog message and its values, chosen where
/// the condition is known. The only way to make one is from a `Message`; its text in a language
/// is that language's form of the message with the values filled in (`text(in:)`) — English for a
/// `--json` document, the member's language on the line a person reads. No sentence is built in
/// one language and translated after the fact, because no sentence is built here at all.
public struct Said: Hashable, Sendable {
    public let message: Message
    public let values: [String: Value]

    /// A placeholder's value.
    public enum Value: Hashable, Sendable {
        /// Data shown as it is, in every language: a path, a name, a number, what the member
        /// typed, the service's own words.
        case data(String)
        /// Another catalog line, said in the same language.
        indirect case said(Said)
        /// A detail decided below the catalog (Domain's key and values), said by its key.
        case detail(Detail)
        /// An error code of the operating system (errno): the catalog's words for it.
        case system(Int32)
        /// A time the service sent (ISO 8601), said as the language writes a date and time, in KST.
        case date(String)

        /// Another message of the catalog, without values.
        public static func message(_ message: Message) -> Value { .said(Said(message)) }
    }

    public init(_ message: Message, _ values: [String: Value] = [:]) {
        self.message = message
        self.values = values
    }

    /// A detail decided below the catalog, said by its key (`Words.said`).
    public init(_ detail: Detail) {
        self.init(Message(detail.key), detail.values.mapValues { value in
            switch value {
            case .data(let text): .data(text)
            case .detail(let inner): .detail(inner)
            case .system(let code): .system(code)
            }
        })
    }

    /// `message` with data values: `Said(.termsIsDirectory, data: ["path": path])`.
    public init(_ message: Message, data: [String: String]) {
        self.init(message, data.mapValues { .data($0) })
    }

    /// The text in `words`' language.
    public func text(in words: Words) -> String {
        words(message, values.mapValues { value in
            switch value {
            case .data(let text): text
            case .said(let inner): inner.text(in: words)
            case .detail(let detail): words.said(detail)
            case .system(let code): words.system(code)
            case .date(let iso): DisplayDate.text(iso, words: words)
            }
        })
    }
}
