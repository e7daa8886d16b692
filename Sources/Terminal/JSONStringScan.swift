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
