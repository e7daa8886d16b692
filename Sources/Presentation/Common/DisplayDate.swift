/// Dates as the service sends them (ISO-8601 with an offset), shown as a person reads them,
/// keeping the service's own time zone: "2026-11-02 10:15 (+09:00)"; "KST" for +09:00,
/// "UTC" for Z. In Korean "2026년 11월 2일 10:15", KST going without saying. Text that is not
/// such a date is shown as sent.
public enum DisplayDate {
    public static func text(_ iso: String, words: Words = .english) -> String {
        // An ISO-8601 date is ASCII, so it is read as bytes (as Characters, this was a tenth of
        // the time a batch spent formatting a report); anything else is not a date.
        let bytes = Array(iso.utf8)
        guard bytes.count >= 16, bytes.allSatisfy({ $0 < 0x80 }),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { return iso }
        let time = String(decoding: bytes[11..<16], as: UTF8.self)
        var zone = ""
        if let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }), sign > 16 {
            zone = String(decoding: bytes[sign...], as: UTF8.self)
        } else if bytes.last == UInt8(ascii: "Z") {
            zone = "Z"
        }
        let date = calendarDate(bytes[0..<10], words: words)
        return switch zone {
        case "": words(.dateTime, ["date": date, "time": time])
        case "Z", "+00:00": words(.dateTimeUTC, ["date": date, "time": time])
        case "+09:00": words(.dateTimeKST, ["date": date, "time": time])
        default: words(.dateTimeOffset, ["date": date, "time": time, "offset": zone])
        }
    }

    /// `2026-11-02` in the language's order; as sent when it is not year-month-day.
    private static func calendarDate(_ bytes: ArraySlice<UInt8>, words: Words) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return text }
        func number(_ part: Substring) -> String { Int(part).map(String.init) ?? String(part) }
        return words(.calendarDate, ["year": String(parts[0]), "month": String(parts[1]), "day": String(parts[2]),
                                     "monthNumber": number(parts[1]), "dayNumber": number(parts[2])])
    }
}
