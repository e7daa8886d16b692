/// Durations of faults (`"delay": "1500ms"`, `Prefer: delay=2s`): a number with `ms`, `s` or
/// `m`, or a bare number of seconds, as `report`'s own flags take them; at most ten minutes.
enum FaultDuration {
    static let maximum = Duration.seconds(600)

    static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
        var number = Substring(text)
        var scale = 1000.0
        for unit in units where text.hasSuffix(unit.suffix) {
            number = text.dropLast(unit.suffix.count)
            scale = unit.milliseconds
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number), value.isFinite else { return nil }
        let duration = Duration.milliseconds(Int64((value * scale).rounded()))
        return duration <= maximum ? duration : nil
    }
}

extension FaultDuration {
    /// `2s`, `1500ms`: how the log and the admin endpoint write a duration.
    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
