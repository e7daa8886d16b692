import Domain
/// A point in time with one-second precision, as HTTP dates carry it (UTC).
struct HTTPDate: Hashable, Comparable, Sendable {
    let secondsSince1970: Int64

    init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// Parses an IMF-fixdate (RFC 9110 §5.6.7), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    init?(imfFixdate text: some StringProtocol) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 6, parts[0].count == 4, parts[0].last == ",",
              Self.weekdays.contains(String(parts[0].dropLast())),
              parts[1].count == 2, let day = Int(parts[1]),
              let monthIndex = Self.months.firstIndex(of: String(parts[2])),
              parts[3].count == 4, let year = Int(parts[3]),
              parts[5] == "GMT" else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let month = monthIndex + 1
        let days = CivilDay(year: year, month: month, day: day).daysSince1970
        // Rejects days a month does not have (31 Feb): they would not survive the round trip.
        guard (1...31).contains(day), CivilDay(daysSince1970: days) == CivilDay(year: year, month: month, day: day) else { return nil }
        secondsSince1970 = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
    }

    /// ISO-8601 in UTC, e.g. `1994-11-06T08:49:37Z`.
    var iso8601: String {
        let days = Int(secondsSince1970.floorDivided(by: 86_400))
        let seconds = Int(secondsSince1970 - Int64(days) * 86_400)
        let civil = CivilDay(daysSince1970: days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T"
            + "\(Self.pad(seconds / 3600, 2)):\(Self.pad(seconds / 60 % 60, 2)):\(Self.pad(seconds % 60, 2))Z"
    }

    /// IMF-fixdate, the form servers send.
    var imfFixdate: String {
        let days = Int(secondsSince1970.floorDivided(by: 86_400))
        let seconds = Int(secondsSince1970 - Int64(days) * 86_400)
        let civil = CivilDay(daysSince1970: days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        // 1970-01-01 was a Thursday.
        let weekday = Self.weekdays[((days % 7) + 7 + 4) % 7]
        return "\(weekday), \(Self.pad(day, 2)) \(Self.months[month - 1]) \(Self.pad(year, 4)) "
            + "\(Self.pad(seconds / 3600, 2)):\(Self.pad(seconds / 60 % 60, 2)):\(Self.pad(seconds % 60, 2)) GMT"
    }

    static func < (lhs: HTTPDate, rhs: HTTPDate) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

private extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
