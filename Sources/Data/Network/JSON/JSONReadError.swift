/// Why `JSONReader` did not read a body, and where: the one-line reason a user reads (after "the
/// service sent a response this client cannot read: ").
struct JSONReadError: Error, Equatable, Sendable {
    enum Reason: Equatable, Sendable {
        /// Not JSON at all here: a stray byte, a missing comma or colon, the end of the body.
        case syntax
        case invalidUTF8
        case loneSurrogate
        case controlCharacter
        case invalidEscape
        /// Containers nested deeper than `JSONReader.maxDepth`.
        case tooDeep
        /// More than whitespace after the value.
        case trailingData
        /// Valid JSON, but not what the DTO reads here (`"a string"`, `"an object"`, …).
        case unexpectedValue(expected: String)
        /// A number with a fraction or an exponent, or one that does not fit the integer type.
        case notAPlainInteger
        case missingKey(String)
        /// A key that came twice in one object.
        case duplicateKey(String)
    }

    let reason: Reason
    /// The byte offset in the body.
    let offset: Int
}

extension JSONReadError: CustomStringConvertible {
    var description: String {
        let place = "at byte \(offset)"
        return switch reason {
        case .syntax: "the body is not valid JSON (\(place))"
        case .invalidUTF8: "the body is not valid UTF-8 (\(place))"
        case .loneSurrogate: "a string has a lone surrogate escape (\(place))"
        case .controlCharacter: "a string has an unescaped control character (\(place))"
        case .invalidEscape: "a string has an invalid escape (\(place))"
        case .tooDeep: "the JSON is nested too deeply (\(place))"
        case .trailingData: "there is more after the JSON value (\(place))"
        case .unexpectedValue(let expected): "expected \(expected) (\(place))"
        case .notAPlainInteger: "expected a whole number that fits (\(place))"
        case .missingKey(let key): "missing key '\(key)'"
        case .duplicateKey(let key): "key '\(key)' appears twice (\(place))"
        }
    }
}
