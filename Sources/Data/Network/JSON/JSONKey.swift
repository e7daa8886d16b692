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
            if let raw = key.raw { return raw.elementsEqual(nameBytes) }
            return key.decoded == String(decoding: nameBytes, as: UTF8.self)
        }
    }
}
