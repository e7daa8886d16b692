/// Writes JSON text straight into bytes, in the format of Foundation's
/// `JSONEncoder` with sorted keys and unescaped slashes (when `pretty`: indented by two spaces,
/// `"key": value` and `[]`/`{}` for an empty container, as `jq` and `gh` print them): the one
/// writer of every JSON document the program prints, without `Encodable`'s generic containers.
///
/// The writer does not sort: a `JSONWritable` type writes its keys in ascending order (byte
/// order of their UTF-8, as `.sortedKeys` does). `JSONWriterTests` holds the writer's output
/// to `JSONEncoder`'s.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    public let pretty: Bool
    private var depth = 0
    /// No element has been written yet in the innermost open object or array.
    private var isEmptyContainer = false
    /// A key was just written: the next value is its value, not an element of its own.
    private var afterKey = false
    #if DEBUG
    /// The last key of each open container (nil: none yet, or an array): a debug build asserts
    /// that an object's keys arrive in ascending byte order, as the documents promise.
    @usableFromInline var lastKeys: [[UInt8]?] = []
    #endif

    public init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// `value`'s JSON text, without a final newline.
    @inlinable
    public static func text(of value: some JSONWritable, pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        value.write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Ends a document that stands on a line of its own.
    public mutating func newlineAtEnd() {
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: Containers

    @inlinable
    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        members(&self)
        close(UInt8(ascii: "}"))
    }

    @inlinable
    public mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void) {
        open(UInt8(ascii: "["))
        for item in elements { element(&self, item) }
        close(UInt8(ascii: "]"))
    }

    @inlinable
    public mutating func array(_ elements: some Sequence<some JSONWritable>) {
        array(elements) { writer, element in element.write(to: &writer) }
    }

    /// An object's key; exactly one value must follow.
    public mutating func key(_ name: String) {
        #if DEBUG
        if let last = lastKeys.last {
            let key = Array(name.utf8)
            if let previous = last {
                assert(previous.lexicographicallyPrecedes(key), "JSON key '\(name)' after '\(String(decoding: previous, as: UTF8.self))': keys must be written in ascending order")
            }
            lastKeys[lastKeys.count - 1] = key
        }
        #endif
        startElement()
        appendQuoted(name)
        append(pretty ? ": " : ":")
        afterKey = true
    }

    // MARK: Values

    public mutating func string(_ value: String) {
        startValue()
        appendQuoted(value)
    }

    public mutating func int(_ value: Int) {
        startValue()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// A finite number as `JSONEncoder` writes it: integral values without a fraction.
    public mutating func double(_ value: Double) {
        startValue()
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            let integral = Int(value)
            if integral < 0 || value.sign == .minus && integral == 0 { bytes.append(UInt8(ascii: "-")) }
            appendDigits(integral.magnitude)
        } else {
            if value.isFinite { bytes.append(contentsOf: "\(value)".utf8) } else { append("null") }
        }
    }

    public mutating func bool(_ value: Bool) {
        startValue()
        append(value ? "true" : "false")
    }

    public mutating func null() {
        startValue()
        append("null")
    }

    // MARK: Members, for the common case of a key and its value

    public mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func member(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    @inlinable
    public mutating func member(_ name: String, _ value: some JSONWritable) {
        key(name)
        value.write(to: &self)
    }

    /// The member when `value` is there; nothing at all (no `null`) when it is nil.
    @inlinable
    public mutating func member(_ name: String, ifPresent value: (some JSONWritable)?) {
        guard let value else { return }
        member(name, value)
    }

    /// The document so far as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Layout

    @usableFromInline
    mutating func open(_ bracket: UInt8) {
        startValue()
        bytes.append(bracket)
        depth += 1
        isEmptyContainer = true
        #if DEBUG
        lastKeys.append(nil)
        #endif
    }

    @usableFromInline
    mutating func close(_ bracket: UInt8) {
        #if DEBUG
        lastKeys.removeLast()
        #endif
        depth -= 1
        if pretty && !isEmptyContainer { newline() }
        bytes.append(bracket)
        isEmptyContainer = false
    }

    /// Before a value: nothing after a key, else the separator of a new element.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else if depth > 0 {
            startElement()
        }
    }

    private mutating func startElement() {
        if !isEmptyContainer { bytes.append(UInt8(ascii: ",")) }
        isEmptyContainer = false
        if pretty { newline() }
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendDigits(_ value: UInt) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        appendDigits(value / 10)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// `"…"` with `"`, `\` and the control characters escaped as `JSONEncoder` does; everything
    /// else (slashes, DEL, all of Unicode) as it is. Runs that need no escape are copied at once.
    private mutating func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { appendQuoted($0) }
    }

    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0, index = 0
        // Up to here bytes are looked at one by one: the word where the last skip stopped.
        var bytewiseUntil = 0
        while index < utf8.count {
            if index >= bytewiseUntil {
                index = JSONStringScan.plainWords(in: utf8, from: index).end
                bytewiseUntil = index + 8
                guard index < utf8.count else { break }
            }
            let byte = utf8[index]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index - 1]))
            runStart = index
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                append("u00")
                let hex: StaticString = "0123456789abcdef"
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }
}

extension String: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.string(self) }
}

extension Int: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.int(self) }
}

extension Double: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.double(self) }
}

extension Bool: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.bool(self) }
}

extension Int32: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.int(Int(self)) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    @inlinable
    public func write(to writer: inout JSONWriter) {
        if let self { self.write(to: &writer) } else { writer.null() }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    @inlinable
    public func write(to writer: inout JSONWriter) { writer.array(self) }
}

/// Finding, in the UTF-8 of a JSON string's contents, where the bytes that need a look of their
/// own are: a quote, a backslash, a control character. The reader stops there to end the string
/// or read an escape, the writer to escape the byte; everything before is copied as it is.
public enum JSONStringScan {
    /// The offset of the first 8-byte word from `start` holding a quote, a backslash or a byte
    /// below 0x20 (or of the last bytes, fewer than eight), and whether a byte passed over is not
    /// ASCII. What the word holds is left to the caller, byte by byte, before it asks again.
    @inlinable
    public static func plainWords(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, nonASCII: Bool) {
        guard let base = bytes.baseAddress else { return (start, false) }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = start, seen: UInt64 = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte of v is zero where v = word ^ c·ones has c; `(v − ones) & ~v & highs` is not
            // zero when some byte of v is zero, and `(w − 0x20·ones) & ~w & highs` when some byte
            // of w is below 0x20: exact as to whether there is one, which is all this asks.
            let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
            let special = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word)
            if special & highs != 0 { break }
            seen |= word
            index += 8
        }
        return (index, seen & highs != 0)
    }
}
