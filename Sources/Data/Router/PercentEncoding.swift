/// RFC 3986 percent-encoding: everything but the unreserved characters is encoded, so a value can
/// never break out of its path segment or query component.
enum PercentEncoding {
    static func encode(_ text: some StringProtocol) -> String {
        encode(text, keeping: isUnreserved)
    }

    /// A path and query a user typed (`report api`): what a URL may not carry is encoded, while
    /// its structure (`/`, `?`, `&`, `=`, …) and existing `%` escapes stay as given.
    static func encodePathAndQuery(_ text: some StringProtocol) -> String {
        encode(text) { byte in isUnreserved(byte) || pathAndQueryDelimiters.contains(byte) }
    }

    private static let pathAndQueryDelimiters = Set("!$&'()*+,;=:@/?%".utf8)

    private static func encode(_ text: some StringProtocol, keeping isKept: (UInt8) -> Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            if isKept(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hex[Int(byte >> 4)] + hex[Int(byte & 0x0F)]
            }
        }
        return result
    }

    private static let hex = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
