import Domain
import Terminal
/// Says why a body did not decode, as a key and its values: where in the JSON (the key path, as
/// data) and what was expected. Never quotes the body itself.
enum DecodingFailure {
    static func detail(_ error: any Error) -> Detail {
        guard let error = error as? DecodingError else {
            return Detail(.detailJSONUnreadable, ["detail": .data(PrintableText.oneLine(String(describing: error), maxLength: 160))])
        }
        switch error {
        case .keyNotFound(let key, let context):
            return Detail(.detailJSONMissingKey, ["key": .data(path(context.codingPath + [key]))])
        case .valueNotFound(let type, let context):
            return Detail(.detailJSONNull, ["path": .data(path(context.codingPath)), "type": .data(typeName(type))])
        case .typeMismatch(let type, let context):
            return Detail(.detailJSONWrongType, ["path": .data(path(context.codingPath)), "type": .data(article(typeName(type)))])
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return Detail(.detailJSONNotJSON) }
            return Detail(.detailJSONInvalidValue, ["path": .data(path(context.codingPath)),
                                                    "detail": .data(PrintableText.oneLine(context.debugDescription, maxLength: 100))])
        @unknown default:
            return Detail(.detailJSONUnreadable, ["detail": .data(PrintableText.oneLine(String(describing: error), maxLength: 160))])
        }
    }

    /// `result.tips.items[0].title`; `(root)` for the top level.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Bool.Type: "boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt32.Type, is UInt64.Type, is UInt.Type: "integer"
        case is Double.Type, is Float.Type: "number"
        default:
            if "\(type)".hasPrefix("Array<") { "array" }
            else if "\(type)".hasPrefix("Dictionary<") { "object" }
            else { "object" }
        }
    }

    private static func article(_ noun: String) -> String {
        (noun.first.map { "aeiou".contains($0) } ?? false) ? "an \(noun)" : "a \(noun)"
    }
}
