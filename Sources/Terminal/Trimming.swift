extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks, CR of CRLF
    /// files) and byte-order marks (a BOM at the start of a file). The program's one trim.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
