import Domain

/// A short piece of a matched text around its match, for a person: up to `context` characters on
/// each side (cut at a blank where one is near, `…` where the text goes on), on one line.
public struct SearchExcerpt: Hashable, Sendable {
    public let before: String
    public let match: String
    public let after: String

    public init(_ hit: SearchHit, context: Int = 24) {
        let characters = Array(hit.text.map { $0.isNewline ? " " : $0 })
        let lower = max(0, min(hit.match.lowerBound, characters.count))
        let upper = max(lower, min(hit.match.upperBound, characters.count))
        var start = max(0, lower - context)
        var end = min(characters.count, upper + context)
        // Whole words where a blank is close to the cut.
        if start > 0, let blank = characters[start..<lower].firstIndex(of: " "), blank - start < context / 3 { start = blank + 1 }
        if end < characters.count, let blank = characters[upper..<end].lastIndex(of: " "), end - blank < context / 3 { end = blank }
        before = (start > 0 ? "…" : "") + String(characters[start..<lower])
        match = String(characters[lower..<upper])
        after = String(characters[upper..<end]) + (end < characters.count ? "…" : "")
    }

    /// The excerpt with the match between `open` and `close` (bold escapes, or brackets).
    public func text(open: String, close: String) -> String {
        before + open + match + close + after
    }
}
