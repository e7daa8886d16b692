#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Terminal

/// A strict RFC 8259 reader that walks one JSON text in place: no tree, no dictionaries, no
/// `Decodable` machinery. A DTO reads an object member by member (`readObject`), each value as the
/// type it expects (`readString`, `readInteger`, `readArray`, …), and skips the members it does
/// not know (`skipValue`).
///
/// Strict means: UTF-8 only (a leading byte-order mark aside), every string valid UTF-8 with no raw
/// control characters, lone surrogates or unknown escapes, numbers exactly as the grammar says, no
/// trailing commas, nothing but whitespace after the value, nesting at most `maxDepth` deep. Values
/// it skips are checked as strictly as values it reads. Only containers that a DTO reads recurse, so
/// a hostile body cannot deepen the stack: skipping is a loop.
struct JSONReader {
    /// JSONDecoder's own limit: 512 containers deep, counting the outermost.
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position: Int
    var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        position = 0
    }

    /// The whole of `bytes` as one value read by `read`: an optional UTF-8 byte-order mark, then
    /// whitespace, the value and whitespace, and nothing else.
    static func readDocument<Value>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ read: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> Value {
        var reader = JSONReader(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        let value = try read(&reader)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error(.trailingData) }
        return value
    }

    // MARK: Containers

    /// Reads an object, calling `member` once per member with its key; `member` must read or skip
    /// the value. Keys are not checked for duplicates here: the DTO decides what a repeat means.
    mutating func readObject(
        _ member: (_ key: JSONKey, _ reader: inout JSONReader) throws(JSONReadError) -> Void
    ) throws(JSONReadError) {
        try enterContainer(opening: UInt8(ascii: "{"), expected: "an object")
        if try closes(UInt8(ascii: "}")) { return }
        repeat {
            let key = try readKey()
            try expect(UInt8(ascii: ":"))
            try member(key, &self)
        } while try continues(closing: UInt8(ascii: "}"))
    }

    /// Reads an array, each element with `element`.
    mutating func readArray<Element>(
        _ element: (inout JSONReader) throws(JSONReadError) -> Element
    ) throws(JSONReadError) -> [Element] {
        try enterContainer(opening: UInt8(ascii: "["), expected: "an array")
        var elements: [Element] = []
        if try closes(UInt8(ascii: "]")) { return elements }
        repeat {
            elements.append(try element(&self))
        } while try continues(closing: UInt8(ascii: "]"))
        return elements
    }

    mutating func enterContainer(opening: UInt8, expected: String) throws(JSONReadError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == opening else { throw unexpectedValue(expected) }
        guard depth < Self.maxDepth else { throw error(.tooDeep) }
        depth += 1
        position += 1
    }

    /// Consumes `closing` if it comes next (an empty container).
    mutating func closes(_ closing: UInt8) throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == closing else { return false }
        position += 1
        depth -= 1
        return true
    }

    /// After an element: true for a comma (another element follows), false for `closing`.
    mutating func continues(closing: UInt8) throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error(.syntax) }
        switch bytes[position] {
        case UInt8(ascii: ","):
            position += 1
            return true
        case closing:
            position += 1
            depth -= 1
            return false
        default:
            throw error(.syntax)
        }
    }
}

extension JSONReader {
    // MARK: Small parts

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw error(.syntax) }
        position += 1
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONReadError) {
        let matches = literal.withUTF8Buffer { word in
            bytes.count - position >= word.count
                && UnsafeBufferPointer(rebasing: bytes[position..<position + word.count]).elementsEqual(word)
        }
        guard matches else { throw error(.syntax) }
        position += literal.utf8CodeUnitCount
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A value of another type than `expected`; a byte that starts no value at all is a syntax error.
    func unexpectedValue(_ expected: String) -> JSONReadError {
        guard position < bytes.count else { return error(.syntax) }
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "t"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return error(.unexpectedValue(expected: expected))
        default:
            return error(.syntax)
        }
    }

    func error(_ reason: JSONReadError.Reason, at offset: Int? = nil) -> JSONReadError {
        JSONReadError(reason: reason, offset: offset ?? position)
    }
}

// Strings, numbers, booleans and null, read as the DTO expects them.
extension JSONReader {
    // MARK: Scalars

    /// True (and consumed) if the next value is `null`.
    mutating func readNull() throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    mutating func readBool() throws(JSONReadError) -> Bool {
        skipWhitespace()
        switch position < bytes.count ? bytes[position] : 0 {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default:
            throw unexpectedValue("a boolean")
        }
    }

    /// A number that is a whole number fitting `Integer`: written plainly (`-?(0|[1-9][0-9]*)`), or
    /// with a fraction or exponent that leaves it whole (`34.0`, `1e3`, as servers that compute in
    /// floating point send). Anything else (`3.5`, too large) is `notAPlainInteger`.
    mutating func readInteger<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) throws(JSONReadError) -> Integer {
        skipWhitespace()
        let start = position
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            position = start
            throw negative ? error(.syntax) : unexpectedValue("an integer")
        }
        var value: Integer = 0
        var overflow = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                let digit = Integer(bytes[position] &- UInt8(ascii: "0"))
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                // Negative numbers accumulate downwards, so that Int.min fits.
                let (next, o2) = negative ? times10.subtractingReportingOverflow(digit)
                                          : times10.addingReportingOverflow(digit)
                overflow = overflow || o1 || o2
                value = next
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e") {
            return try readWholeNumber(from: start)
        }
        guard !overflow else { throw error(.notAPlainInteger, at: start) }
        return value
    }

    /// The rest of a number with a fraction or an exponent, from `start`; whole, and fitting, or
    /// `notAPlainInteger`.
    mutating func readWholeNumber<Integer: FixedWidthInteger>(from start: Int) throws(JSONReadError) -> Integer {
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error(.syntax) }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error(.syntax) }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let number = Double(text), number.rounded() == number, let value = Integer(exactly: number) else {
            throw error(.notAPlainInteger, at: start)
        }
        return value
    }

    mutating func readString() throws(JSONReadError) -> String {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpectedValue("a string") }
        return try scanString(decode: true).text ?? ""
    }

    mutating func readKey() throws(JSONReadError) -> JSONKey {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error(.syntax) }
        let start = position + 1
        let scanned = try scanString(decode: false)
        if scanned.isPlainASCII {
            return JSONKey(raw: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]))
        }
        // Rare: escapes or non-ASCII in a key. Read it again, decoded, to compare as JSONDecoder does.
        position = start - 1
        return JSONKey(decoded: try scanString(decode: true).text ?? "")
    }

    /// Scans the string that starts at `position` (an opening quote) and moves past its closing
    /// quote. With `decode`, returns its text; without, only checks it (and leaves `text` nil).
    mutating func scanString(decode: Bool) throws(JSONReadError) -> (text: String?, isPlainASCII: Bool) {
        position += 1
        var runStart = position
        var isASCII = true
        // The decoded bytes, once an escape turns up. Appended to in place: copying it at each
        // escape made a string of n escapes cost n² (a 2 MB body of `\/` ran for minutes).
        var unescaped: [UInt8] = []
        var hasEscape = false
        // Up to here bytes are read one by one: the word where the last skip stopped.
        var bytewiseUntil = position
        while position < bytes.count {
            if position >= bytewiseUntil {
                let plain = JSONStringScan.plainWords(in: bytes, from: position)
                position = plain.end
                if plain.nonASCII { isASCII = false }
                bytewiseUntil = position + 8
                guard position < bytes.count else { break }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                if isASCII && !hasEscape {
                    return (decode ? String(decoding: run, as: UTF8.self) : nil, true)
                }
                guard hasEscape else {
                    // One run without escapes: checked and copied in one go.
                    guard let text = Self.validUTF8(run) else { throw error(.invalidUTF8, at: runStart) }
                    return (decode ? text : nil, false)
                }
                unescaped.append(contentsOf: run)
                // Escapes add whole scalars, so checking the joined bytes checks every raw run.
                guard let text = unescaped.withUnsafeBufferPointer(Self.validUTF8) else { throw error(.invalidUTF8, at: runStart) }
                return (decode ? text : nil, false)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscape = true
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                try readEscape(into: &unescaped)
                runStart = position
                continue
            }
            if byte < 0x20 { throw error(.controlCharacter) }
            if byte >= 0x80 { isASCII = false }
            position += 1
        }
        throw error(.syntax)
    }

    /// `bytes` as a string when they are valid UTF-8, nil otherwise. Decoding repairs what is
    /// not valid, and a repaired string (valid UTF-8) cannot equal bytes that were not: one
    /// decoding and a comparison, about half the instructions of the standard library's generic
    /// `String(validating:as:)`.
    static func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        return text.withUTF8 { sameBytes($0, bytes) } ? text : nil
    }

    /// Whether `a` and `b` hold the same bytes: their counts, then `memcmp`.
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// One escape sequence at `position` (the backslash), appended to `buffer` as UTF-8.
    mutating func readEscape(into buffer: inout [UInt8]) throws(JSONReadError) {
        let start = position
        guard position + 1 < bytes.count else { throw error(.syntax) }
        let letter = bytes[position + 1]
        position += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var value = try readHex4()
            if (0xDC00...0xDFFF).contains(value) { throw error(.loneSurrogate, at: start) }
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by an escaped low one.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u") else { throw error(.loneSurrogate, at: start) }
                position += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate, at: start) }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            // Not a surrogate any more, so always a scalar.
            UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { buffer.append($0) }
        default:
            throw error(.invalidEscape, at: start)
        }
    }

    mutating func readHex4() throws(JSONReadError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error(.invalidEscape) }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape)
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }
}

/// An object member's key as `JSONReader` found it. A DTO matches it against its own key names
/// (`case "title":` in a `switch`): plain ASCII keys byte for byte, others decoded and compared as
/// Swift strings, as JSONDecoder compares them.
struct JSONKey {
    private let raw: UnsafeBufferPointer<UInt8>?
    private let decoded: String?

    /// A key without escapes or non-ASCII bytes, still in the body's bytes.
    init(raw: UnsafeBufferPointer<UInt8>) {
        self.raw = raw
        decoded = nil
    }

    init(decoded: String) {
        raw = nil
        self.decoded = decoded
    }

    static func ~= (name: StaticString, key: JSONKey) -> Bool {
        name.withUTF8Buffer { nameBytes in
            // A DTO's switch compares each key with several names: lengths first, then memcmp.
            if let raw = key.raw { return JSONReader.sameBytes(raw, nameBytes) }
            return key.decoded == String(decoding: nameBytes, as: UTF8.self)
        }
    }
}
