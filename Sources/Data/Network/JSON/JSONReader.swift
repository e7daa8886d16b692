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
