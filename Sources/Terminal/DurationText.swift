/// Durations as people write them: `500ms`, `90s`, `10m`, `1h`, or a bare number of seconds
/// (`report`'s flags, and `report-server`'s fault delays). The one parser of them.
public enum DurationText {
    /// The duration `text` says, rounded to the millisecond; nil when it is not one or is over `maximum`.
    public static func parse(_ text: some StringProtocol, maximum: Duration) -> Duration? {
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        var number = Substring(text)
        var scale = 1000.0
        for unit in units where text.hasSuffix(unit.suffix) {
            number = number.dropLast(unit.suffix.count)
            scale = unit.milliseconds
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number), value.isFinite, value * scale <= 9.0e15 else { return nil }
        let duration = Duration.milliseconds(Int64((value * scale).rounded()))
        return duration <= maximum ? duration : nil
    }

    /// `2s` or `1500ms`: whole seconds when it is some, else milliseconds.
    public static func text(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
