/// Lays out a JSON text for a person, as `gh api` and `jq` do on a terminal: two-space indents,
/// `"key": value`, `[]`/`{}` when empty, and with `style` enabled keys in bold blue, strings in
/// green, numbers and `true`/`false` in cyan and `null` dimmed. Nothing else changes: keys stay in
/// the order sent, numbers and strings (escapes included) as written. A text that is not exactly
/// one JSON value (or nests deeper than `maxDepth`) gives nil, and is then shown as received.
public struct JSONPrettyPrinter {
    public static let maxDepth = 512

    private let input: [UInt8]
    private let colours: Bool
    private var index = 0
    private var output: [UInt8] = []

    /// The laid-out text, without a final newline; nil when `bytes` is not one JSON value.
    public static func format(_ bytes: [UInt8], style: TextStyle) -> [UInt8]? {
        var printer = JSONPrettyPrinter(input: bytes, colours: style.enabled)
        printer.output.reserveCapacity(bytes.count * 2)
        printer.skipWhitespace()
        guard printer.value(depth: 0) else { return nil }
        printer.skipWhitespace()
        guard printer.index == bytes.count else { return nil }
        return printer.output
    }

    private init(input: [UInt8], colours: Bool) {
        self.input = input
        self.colours = colours
    }

    private var current: UInt8? { index < input.count ? input[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) -> Bool {
        guard depth < Self.maxDepth, let byte = current else { return false }
        switch byte {
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), depth: depth, isObject: true)
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), depth: depth, isObject: false)
        case UInt8(ascii: "\""): return coloured("32") { $0.string() }
        case UInt8(ascii: "t"): return coloured("36") { $0.literal("true") }
        case UInt8(ascii: "f"): return coloured("36") { $0.literal("false") }
        case UInt8(ascii: "n"): return coloured("2") { $0.literal("null") }
        default: return coloured("36") { $0.number() }
        }
    }

    private mutating func container(close: UInt8, depth: Int, isObject: Bool) -> Bool {
        output.append(input[index])
        index += 1
        skipWhitespace()
        if current == close {
            index += 1
            output.append(close)
            return true
        }
        while true {
            newline(depth + 1)
            if isObject {
                guard current == UInt8(ascii: "\""), coloured("1;34", { $0.string() }) else { return false }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return false }
                index += 1
                output += [UInt8(ascii: ":"), UInt8(ascii: " ")]
                skipWhitespace()
            }
            guard value(depth: depth + 1) else { return false }
            skipWhitespace()
            guard let next = current else { return false }
            index += 1
            if next == close {
                newline(depth)
                output.append(close)
                return true
            }
            guard next == UInt8(ascii: ",") else { return false }
            output.append(next)
            skipWhitespace()
        }
    }

    private mutating func newline(_ depth: Int) {
        output.append(0x0A)
        output += repeatElement(UInt8(ascii: " "), count: 2 * depth)
    }

    private mutating func coloured(_ code: StaticString, _ token: (inout JSONPrettyPrinter) -> Bool) -> Bool {
        if colours {
            output += [0x1B, UInt8(ascii: "[")]
            code.withUTF8Buffer { output += $0 }
            output.append(UInt8(ascii: "m"))
        }
        guard token(&self) else { return false }
        if colours { output += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")] }
        return true
    }

    /// A string as written: escapes checked, not decoded; no raw control characters.
    private mutating func string() -> Bool {
        let start = index
        index += 1
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                output += input[start..<index]
                return true
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return false }
                index += 1
                if escaped == UInt8(ascii: "u") {
                    guard index + 4 <= input.count, input[index..<index + 4].allSatisfy(Self.isHexDigit) else { return false }
                    index += 4
                } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                    return false
                }
            case 0..<0x20:
                return false
            default:
                continue
            }
        }
        return false
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= input.count,
              word.withUTF8Buffer({ input[index..<index + count].elementsEqual($0) }) else { return false }
        output += input[index..<index + count]
        index += count
        return true
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as written.
    private mutating func number() -> Bool {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() else { return false }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
        }
        output += input[start..<index]
        return true
    }

    private mutating func digits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
