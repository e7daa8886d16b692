import Domain

/// Texts worded in English below the catalog — the Data layer's error details
/// (`the service did not accept the credentials: …`), libcurl's reasons (`Failed to connect to
/// 127.0.0.1 port 1 after 0 ms: Couldn't connect to server`), config.toml's problems — found again
/// by their English form, as gettext finds a translation by its msgid: the catalog's `detail…`
/// messages hold each English form with its placeholders, and a text that matches one is said
/// with the language's form, its placeholders filled from the English text. The English text
/// itself stays what a `--json` document carries.
///
/// A placeholder named `detail` is translated in turn when it can be, and kept as it is when not
/// (the service's own words, already Korean); one named `reason` must be translated too, or the
/// whole text is not: a sentence in Korean around a reason in English is what this is for.
public enum DetailText {
    /// The `detail…` messages, those that begin with words before those that begin with a
    /// placeholder, and in each the longest English form first: a more specific form
    /// (`unexpected '{character}' after the value; …`) is tried before a shorter one that could
    /// also begin it, and an outer form (`cannot write -o {detail}`) before an inner one
    /// (`{path}: not a regular file, …`) that would take the outer words as its path.
    static let messages: [(message: Message, template: String)] = Message.allCases
        .filter { $0.rawValue.hasPrefix("detail") && !saidByKey.contains($0) }
        .map { ($0, EnglishCatalog.text($0)) }
        .sorted { ($0.template.hasPrefix("{") ? 1 : 0, -$0.template.count) < ($1.template.hasPrefix("{") ? 1 : 0, -$1.template.count) }

    /// The messages a `Detail` names by its key: said by `Words.said`, never found again from text.
    static let saidByKey: Set<Message> = Set(Detail.Key.allCases.map(Message.init))

    /// `text` in `words`' language; nil when it is no English form the catalog knows (or, in
    /// English, `text` itself).
    public static func translate(_ text: String, words: Words) -> String? {
        guard words.language != .english else { return text }
        for (message, template) in messages {
            guard let captures = match(template, text) else { continue }
            var values: [String: String] = [:]
            var complete = true
            for (name, value) in captures {
                switch name {
                case "reason":
                    guard let translated = translate(value, words: words) else { complete = false; break }
                    values[name] = translated
                case "detail":
                    values[name] = translate(value, words: words) ?? value
                default:
                    values[name] = value
                }
            }
            if complete { return words(message, values) }
        }
        return nil
    }

    /// `text` in `words`' language, or as it is.
    public static func text(_ text: String, words: Words) -> String {
        translate(text, words: words) ?? text
    }

    /// The placeholders' values when `text` is `template` with each `{name}` replaced by some
    /// non-empty text; nil otherwise.
    static func match(_ template: String, _ text: String) -> [String: String]? {
        // template = literals[0] {names[0]} literals[1] {names[1]} … literals[n]
        var literals: [String] = []
        var names: [String] = []
        var current = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter }) else {
                current += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            current += rest[..<open]
            literals.append(current)
            names.append(String(name))
            current = ""
            rest = rest[rest.index(after: close)...]
        }
        literals.append(current + rest)
        guard text.hasPrefix(literals[0]) else { return nil }
        return fill(names: names[...], literals: literals.dropFirst(), in: text.dropFirst(literals[0].count))
    }

    private static func fill(names: ArraySlice<String>, literals: ArraySlice<String>, in text: Substring) -> [String: String]? {
        guard let name = names.first, let literal = literals.first else { return text.isEmpty ? [:] : nil }
        if names.count == 1 {
            // The last placeholder takes everything before the final literal.
            guard text.hasSuffix(literal), text.count > literal.count else { return nil }
            return [name: String(text.dropLast(literal.count))]
        }
        guard !literal.isEmpty else { return nil }
        var from = text.startIndex
        while let range = text[from...].firstRange(of: literal) {
            if range.lowerBound > text.startIndex,
               var values = fill(names: names.dropFirst(), literals: literals.dropFirst(), in: text[range.upperBound...]) {
                values[name] = String(text[..<range.lowerBound])
                return values
            }
            guard range.lowerBound < text.endIndex else { break }
            from = text.index(after: range.lowerBound)
        }
        return nil
    }
}
