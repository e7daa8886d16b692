import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `Retry-After` header: a delay in seconds or an HTTP-date.
enum RetryAfter: Hashable, Sendable {
    case seconds(Int)
    case date(HTTPDate)

    /// nil for anything but decimal seconds or an IMF-fixdate.
    init?(headerValue: some StringProtocol) {
        let text = headerValue.trimmingWhitespace()
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Absurdly long digit strings still mean "a very long time".
            self = .seconds(Int(text) ?? Int(Int32.max))
        } else if let date = HTTPDate(imfFixdate: text) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// How long to wait from `now`; zero for a date in the past.
    func delay(now: Date) -> Duration {
        switch self {
        case .seconds(let seconds):
            .seconds(max(0, seconds))
        case .date(let date):
            .seconds(max(0, date.secondsSince1970 - Int64(now.timeIntervalSince1970.rounded(.down))))
        }
    }

    /// When the wait ends, if it starts at `now`.
    func date(now: Date) -> HTTPDate {
        switch self {
        case .seconds(let seconds):
            HTTPDate(secondsSince1970: Int64(now.timeIntervalSince1970.rounded(.down)) + Int64(max(0, seconds)))
        case .date(let date):
            date
        }
    }
}
