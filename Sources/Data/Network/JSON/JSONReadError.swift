/// Why `JSONReader` did not read a body, and where. `Network.decode` never shows it to a user: a
/// body the fast reader does not take goes to JSONDecoder, which decides and words the error.
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
