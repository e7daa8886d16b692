/// Strict parsing of integer path and query parameters: ASCII digits only, so `+5`, ` 5` or `5.0` are 400s.
enum IntegerParameter {
    static func parse<Value: FixedWidthInteger>(_ text: String?, as type: Value.Type = Value.self, in range: ClosedRange<Value>) -> Value? {
        guard let text, !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        guard let value = Value(text), range.contains(value) else { return nil }
        return value
    }

    /// A `termNo`: a positive integer of at most 2^32-1.
    static func termNo(_ text: String?) throws(ServerError) -> UInt32 {
        guard let value = parse(text, as: UInt32.self, in: 1...UInt32.max) else {
            throw .badRequest("termNo는 1 이상 4294967295 이하의 정수여야 합니다: '\(text ?? "")'")
        }
        return value
    }
}
