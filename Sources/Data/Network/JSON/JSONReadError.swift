import Domain

/// Why `JSONReader` did not read a body, and where: `detail` says it by a catalog key (after "the
/// service sent a response this client cannot read: "), the byte offset and a key as data.
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

extension JSONReadError {
    /// The reason as a key and its values.
    var detail: Detail {
        let offset: Detail.Value = .data("\(self.offset)")
        return switch reason {
        case .syntax: Detail(.detailJSONSyntax, ["offset": offset])
        case .invalidUTF8: Detail(.detailJSONNotUTF8, ["offset": offset])
        case .loneSurrogate: Detail(.detailJSONLoneSurrogate, ["offset": offset])
        case .controlCharacter: Detail(.detailJSONControlCharacter, ["offset": offset])
        case .invalidEscape: Detail(.detailJSONInvalidEscape, ["offset": offset])
        case .tooDeep: Detail(.detailJSONTooDeep, ["offset": offset])
        case .trailingData: Detail(.detailJSONTrailingData, ["offset": offset])
        case .unexpectedValue(let expected): Detail(.detailJSONUnexpectedValue, ["expected": .data(expected), "offset": offset])
        case .notAPlainInteger: Detail(.detailJSONNotAnInteger, ["offset": offset])
        case .missingKey(let key): Detail(.detailJSONMissingKey, ["key": .data(key)])
        case .duplicateKey(let key): Detail(.detailJSONDuplicateKey, ["key": .data(key), "offset": offset])
        }
    }
}
