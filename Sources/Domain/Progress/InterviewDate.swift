/// When an interview was taken, as an instant that orders interviews whatever offsets the
/// service wrote their ISO-8601 dates in (`2026-11-02T10:15:00+09:00` is before
/// `2026-11-02T02:00:00Z`). Progress takes interviews in this order, never in the order the
/// service lists them.
public enum InterviewDate {
    /// Seconds since 1970-01-01T00:00Z; nil for text that is not `YYYY-MM-DDTHH:MM[:SS[.fff]]`
    /// with `Z` or `±HH:MM` (a date without an offset is read as UTC).
    public static func instant(_ iso: String?) -> Int? {
        guard let iso else { return nil }
        let bytes = Array(iso.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = number(17..<19) else { return nil }
            second = value
            index = 19
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            }
        }
        var offset = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z"), index == bytes.count - 1 {
                offset = 0
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes.count == index + 6,
                      bytes[index + 3] == UInt8(ascii: ":"), let h = number(index + 1..<index + 3), let m = number(index + 4..<index + 6) {
                offset = (h * 60 + m) * 60 * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        return CivilDay(year: year, month: month, day: day).daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// `interviews` oldest first by their instant, a date that does not read first (in the
    /// order given), equal instants by term number.
    public static func oldestFirst<Item>(_ items: [Item], interview: (Item) -> InterviewTerm) -> [Item] {
        items.enumerated().sorted { lhs, rhs in
            let (a, b) = (interview(lhs.element), interview(rhs.element))
            switch (instant(a.registeredAt), instant(b.registeredAt)) {
            case (nil, nil): return lhs.offset < rhs.offset
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?):
                if x != y { return x < y }
                return a.termNo.rawValue != b.termNo.rawValue ? a.termNo.rawValue < b.termNo.rawValue : lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    /// Whether `a` was taken after `b`; false when either date does not read.
    public static func isNewer(_ a: InterviewTerm, than b: InterviewTerm) -> Bool {
        guard let x = instant(a.registeredAt), let y = instant(b.registeredAt) else { return false }
        return x > y
    }
}
