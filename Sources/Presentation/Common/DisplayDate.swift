import Domain

/// Dates as the service sends them (ISO-8601 with an offset), shown as a person reads them,
/// keeping the service's own time zone: "2026-11-02 10:15 (+09:00)"; "KST" for +09:00,
/// "UTC" for Z. In Korean "2026년 11월 2일 10:15", in KST whatever zone the service sent (KST going
/// without saying); in a table "2026.11.02 10:15". Text that is not such a date is shown as sent.
public enum DisplayDate {
    public static func text(_ iso: String, words: Words = .english, table: Bool = false) -> String {
        // An ISO-8601 date is ASCII, so it is read as bytes (as Characters, this was a tenth of
        // the time a batch spent formatting a report); anything else is not a date.
        let bytes = Array(iso.utf8)
        guard bytes.count >= 16, bytes.allSatisfy({ $0 < 0x80 }),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { return iso }
        var time = String(decoding: bytes[11..<16], as: UTF8.self)
        var day = Array(bytes[0..<10])
        var zone = ""
        if let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }), sign > 16 {
            zone = String(decoding: bytes[sign...], as: UTF8.self)
        } else if bytes.last == UInt8(ascii: "Z") {
            zone = "Z"
        }
        // A language whose readers read one time zone (Korean: KST) shows every time in it.
        if let reader = words.language.readerZone, !zone.isEmpty, zone != reader.offset,
           let shifted = shifted(day: day, time: time, zone: zone, toMinutes: reader.minutes) {
            (day, time, zone) = (shifted.day, shifted.time, reader.offset)
        }
        let date = calendarDate(day[...], words: words, table: table)
        return switch zone {
        case "": words(.dateTime, ["date": date, "time": time])
        case "Z", "+00:00": words(.dateTimeUTC, ["date": date, "time": time])
        case "+09:00": words(.dateTimeKST, ["date": date, "time": time])
        default: words(.dateTimeOffset, ["date": date, "time": time, "offset": zone])
        }
    }

    /// A date the service sent, in KST as `2026-11-02 10:15:00` (seconds as sent; `:00` when it
    /// sent none), for a CSV cell; a date without an offset is taken as KST; text that is not such
    /// a date as sent.
    public static func kst(_ iso: String) -> String {
        let bytes = Array(iso.utf8)
        guard bytes.count >= 16, bytes.allSatisfy({ $0 < 0x80 }),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { return iso }
        var day = Array(bytes[0..<10])
        var time = String(decoding: bytes[11..<16], as: UTF8.self)
        let hasSeconds = bytes.count >= 19 && bytes[16] == UInt8(ascii: ":")
        let seconds = hasSeconds ? String(decoding: bytes[17..<19], as: UTF8.self) : "00"
        guard seconds.allSatisfy(\.isNumber) else { return iso }
        var zone = ""
        if let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }), sign > 16 {
            zone = String(decoding: bytes[sign...], as: UTF8.self)
        } else if bytes.last == UInt8(ascii: "Z") {
            zone = "Z"
        }
        if !zone.isEmpty, zone != "+09:00" {
            guard let shifted = shifted(day: day, time: time, zone: zone, toMinutes: 540) else { return iso }
            (day, time) = (shifted.day, shifted.time)
        }
        let dayText = String(decoding: day, as: UTF8.self)
        guard dayText.split(separator: "-").count == 3, time.split(separator: ":").count == 2 else { return iso }
        return "\(dayText) \(time):\(seconds)"
    }

    /// An instant the CLI itself states (`auth status`'s token expiry, ISO-8601 in UTC): as it is
    /// in English (what a script-minded reader has always seen there), in the reader's zone in a
    /// language that has one (`2026년 11월 18일 20:06`).
    public static func instant(_ iso: String, words: Words) -> String {
        words.language.readerZone == nil ? iso : text(iso, words: words)
    }

    /// The day and time of `day` `time` written at `zone` (`Z`, `+01:00`, `-0500`), moved to
    /// `minutes` east of UTC; nil when they do not read as a date, a time and an offset.
    private static func shifted(day: [UInt8], time: String, zone: String, toMinutes minutes: Int) -> (day: [UInt8], time: String)? {
        let parts = String(decoding: day, as: UTF8.self).split(separator: "-").compactMap { Int($0) }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3, clock.count == 2, let offset = offsetMinutes(zone) else { return nil }
        let total = CivilDay(year: parts[0], month: parts[1], day: parts[2]).daysSince1970 * 1440
            + clock[0] * 60 + clock[1] - offset + minutes
        let days = total >= 0 ? total / 1440 : (total - 1439) / 1440
        let rest = total - days * 1440
        let date = CivilDay(daysSince1970: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return (Array("\(date.year)-\(two(date.month))-\(two(date.day))".utf8), "\(two(rest / 60)):\(two(rest % 60))")
    }

    /// `Z` → 0, `+09:00` or `+0900` → 540, `-05:00` → -300; nil for anything else.
    private static func offsetMinutes(_ zone: String) -> Int? {
        if zone == "Z" { return 0 }
        let digits = zone.dropFirst().filter { $0 != ":" }
        guard let sign = zone.first, sign == "+" || sign == "-", digits.count == 4, digits.allSatisfy(\.isNumber),
              let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)) else { return nil }
        return (hours * 60 + minutes) * (sign == "-" ? -1 : 1)
    }

    /// `2026-11-02` in the language's order (in a table, its table form); as sent when it is not
    /// year-month-day.
    private static func calendarDate(_ bytes: ArraySlice<UInt8>, words: Words, table: Bool = false) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return text }
        func number(_ part: Substring) -> String { Int(part).map(String.init) ?? String(part) }
        return words(table ? .tableCalendarDate : .calendarDate, ["year": String(parts[0]), "month": String(parts[1]), "day": String(parts[2]),
                                     "monthNumber": number(parts[1]), "dayNumber": number(parts[2])])
    }
}
