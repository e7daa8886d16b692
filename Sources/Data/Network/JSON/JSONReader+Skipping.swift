// Values a DTO does not read, checked as strictly as if it did.
extension JSONReader {
    // MARK: Skipping

    /// Moves past the next value, checking it as strictly as reading would. A loop with a stack of
    /// open containers, not recursion: a body nested 100 000 deep ends at `maxDepth`, not in a crash.
    mutating func skipValue() throws(JSONReadError) {
        var openObjects: [Bool] = []  // per open container: is it an object?
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error(.syntax) }
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[position] == UInt8(ascii: "{")
                try enterContainer(opening: bytes[position], expected: "")
                if try closes(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { break }
                openObjects.append(isObject)
                if isObject { try skipKeyAndColon() }
                continue  // the first element
            case UInt8(ascii: "\""): _ = try scanString(decode: false)
            case UInt8(ascii: "t"): try expectLiteral("true")
            case UInt8(ascii: "f"): try expectLiteral("false")
            case UInt8(ascii: "n"): try expectLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
            default: throw error(.syntax)
            }
            // A value ended: close every container it completes, or move to the next element.
            while let isObject = openObjects.last {
                if try continues(closing: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject { try skipKeyAndColon() }
                    break
                }
                openObjects.removeLast()
            }
            if openObjects.isEmpty { return }
        }
    }

    mutating func skipKeyAndColon() throws(JSONReadError) {
        _ = try readKey()
        try expect(UInt8(ascii: ":"))
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func skipNumber() throws(JSONReadError) {
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error(.syntax) }
        if bytes[position] == UInt8(ascii: "0") { position += 1 } else { skipDigits() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error(.syntax) }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error(.syntax) }
            skipDigits()
        }
    }

    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
}
