/// Reads one line of `config.toml`'s TOML subset: a `[profiles.NAME]` header or `key = "string"`,
/// each optionally followed by a `# comment`.
public struct TOMLLineScanner {
    /// What is wrong with the line; its values printable (a control character as `\u{1b}`).
    /// The layer that shows it says it by the catalog; `message` is the English, for a test.
    public enum Problem: Error, Hashable, Sendable {
        case arrayOfTables
        case unclosedHeader
        case unknownTable(String)
        case dottedKey
        case expectedEquals(key: String)
        case noValue(key: String)
        case notAString(key: String)
        case unexpected(String)
        case expectedKey
        case unexpectedAfterValue(String)
        case multiLineString
        case unescapedControl
        case unclosedBasicString
        case incompleteEscape(String)
        case invalidEscape(String)
        case unknownEscape(String)
        case controlInLiteral
        case unclosedLiteralString

        public var message: String {
            switch self {
            case .arrayOfTables: "arrays of tables ([[…]]) are not supported"
            case .unclosedHeader: "expected ']' to close the table header"
            case .unknownTable(let name): "unknown table [\(name)]; profiles are declared as [profiles.NAME]"
            case .dottedKey: "dotted keys are not supported; use a [profiles.NAME] table"
            case .expectedEquals(let key): "expected '=' after \(key)"
            case .noValue(let key): "\(key) has no value"
            case .notAString(let key): "the value of \(key) must be a string in double quotes"
            case .unexpected(let character): "unexpected '\(character)'"
            case .expectedKey: "expected a key"
            case .unexpectedAfterValue(let character): "unexpected '\(character)' after the value; comments start with #"
            case .multiLineString: "multi-line strings are not supported"
            case .unescapedControl: "control characters must be escaped in strings"
            case .unclosedBasicString: "the string is not closed with \""
            case .incompleteEscape(let escape): "incomplete \\\(escape) escape"
            case .invalidEscape(let escape): "invalid \\\(escape) escape"
            case .unknownEscape(let escape): "unknown escape \\\(escape)"
            case .controlInLiteral: "control characters are not allowed in literal strings"
            case .unclosedLiteralString: "the string is not closed with '"
            }
        }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    public init(_ line: Substring) {
        scalars = Array(line.unicodeScalars)
    }

    public var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// Whether only whitespace or a comment is left.
    public var isAtEndOfContent: Bool { peek == nil || peek == "#" }

    public mutating func skipWhitespace() {
        while let scalar = peek, scalar == " " || scalar == "\t" { index += 1 }
    }

    /// `[profiles.NAME]`: the profile's name.
    public mutating func tableHeader() throws(Problem) -> String {
        index += 1
        if peek == "[" { throw Problem.arrayOfTables }
        var parts: [String] = []
        repeat {
            if !parts.isEmpty { index += 1 }
            skipWhitespace()
            parts.append(try key())
            skipWhitespace()
        } while peek == "."
        guard peek == "]" else { throw Problem.unclosedHeader }
        index += 1
        try expectEndOfLine()
        guard parts.count == 2, parts[0] == "profiles" else {
            throw Problem.unknownTable(parts.joined(separator: "."))
        }
        return parts[1]
    }

    /// `key = "value"`.
    public mutating func keyValue() throws(Problem) -> (key: String, value: String) {
        let name = try key()
        skipWhitespace()
        if peek == "." { throw Problem.dottedKey }
        guard peek == "=" else { throw Problem.expectedEquals(key: name) }
        index += 1
        skipWhitespace()
        let value: String
        switch peek {
        case "\"": value = try basicString()
        case "'": value = try literalString()
        case nil, "#": throw Problem.noValue(key: name)
        default: throw Problem.notAString(key: name)
        }
        try expectEndOfLine()
        return (name, value)
    }

    /// A bare key (`base_url`) or a quoted one (`"my profile"`).
    private mutating func key() throws(Problem) -> String {
        if peek == "\"" { return try basicString() }
        if peek == "'" { return try literalString() }
        var key = ""
        while let scalar = peek, Self.isBareKeyScalar(scalar) {
            key.unicodeScalars.append(scalar)
            index += 1
        }
        guard !key.isEmpty else {
            throw peek.map { Problem.unexpected(Self.visible($0)) } ?? Problem.expectedKey
        }
        return key
    }

    private mutating func expectEndOfLine() throws(Problem) {
        skipWhitespace()
        guard isAtEndOfContent else {
            throw Problem.unexpectedAfterValue(Self.visible(peek!))
        }
    }

    private mutating func basicString() throws(Problem) -> String {
        if startsMultiLine("\"") { throw Problem.multiLineString }
        index += 1
        var text = ""
        while let scalar = peek {
            index += 1
            switch scalar {
            case "\"":
                return text
            case "\\":
                text.unicodeScalars.append(try escape())
            case _ where scalar.value < 0x20 && scalar != "\t", "\u{7F}":
                throw Problem.unescapedControl
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        throw Problem.unclosedBasicString
    }

    private mutating func escape() throws(Problem) -> Unicode.Scalar {
        guard let scalar = peek else { throw Problem.unclosedBasicString }
        index += 1
        switch scalar {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "e": return "\u{1B}"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = scalar == "u" ? 4 : 8
            guard index + count <= scalars.count else { throw Problem.incompleteEscape(String(scalar)) }
            let hex = String(String.UnicodeScalarView(scalars[index..<index + count]))
            guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                throw Problem.invalidEscape(String(scalar))
            }
            index += count
            return decoded
        default:
            throw Problem.unknownEscape(Self.visible(scalar))
        }
    }

    private mutating func literalString() throws(Problem) -> String {
        if startsMultiLine("'") { throw Problem.multiLineString }
        index += 1
        var text = ""
        while let scalar = peek {
            index += 1
            if scalar == "'" { return text }
            if scalar.value < 0x20 && scalar != "\t" || scalar == "\u{7F}" {
                throw Problem.controlInLiteral
            }
            text.unicodeScalars.append(scalar)
        }
        throw Problem.unclosedLiteralString
    }

    private func startsMultiLine(_ quote: Unicode.Scalar) -> Bool {
        index + 2 < scalars.count && scalars[index + 1] == quote && scalars[index + 2] == quote
    }

    private static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
        default: false
        }
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }
}
