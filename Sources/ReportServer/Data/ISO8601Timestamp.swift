import Foundation

/// Parsing of the ISO-8601 date-times the data set and flags carry (`2026-11-02T10:15:00+09:00`).
enum ISO8601Timestamp {
    static func date(from text: String) -> Date? {
        // A formatter per call: ISO8601DateFormatter is not Sendable, and parsing only happens
        // while loading data or flags, never per request.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
