/// A strong ETag: the quoted FNV-1a 64-bit hash of the response body.
struct EntityTag: Sendable, Equatable {
    /// The header value, quotes included, e.g. `"af63bd4c8601b7df"`.
    let value: String

    init(body: some Sequence<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        value = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// `If-None-Match` uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored, `*` matches.
    func isMatched(byIfNoneMatch header: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.drop(while: \.isWhitespace)
            while tag.last?.isWhitespace == true { tag = tag.dropLast() }
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == value[...]
        }
    }
}
