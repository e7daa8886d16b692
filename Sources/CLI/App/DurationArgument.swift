import ArgumentParser

/// A duration on the command line: `90s`, `10m`, `1h`, `500ms`, or a bare number of seconds.
struct DurationArgument: ExpressibleByArgument, Sendable {
    let duration: Duration
    let text: String

    init(_ duration: Duration, text: String) {
        self.duration = duration
        self.text = text
    }

    init?(argument: String) {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = Substring(argument)
        var scale = 1.0
        for unit in units where argument.hasSuffix(unit.suffix) {
            number = argument.dropLast(unit.suffix.count)
            scale = unit.seconds
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number), value.isFinite, value * scale <= 86_400 * 7 else { return nil }
        duration = .milliseconds(Int64((value * scale * 1000).rounded()))
        text = argument
    }

    var defaultValueDescription: String { text }
}
