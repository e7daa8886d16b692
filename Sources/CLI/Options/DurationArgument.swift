import ArgumentParser
import Terminal

/// A duration on the command line: `90s`, `10m`, `1h`, `500ms`, or a bare number of seconds.
struct DurationArgument: ExpressibleByArgument, Sendable {
    let duration: Duration
    let text: String

    init(_ duration: Duration, text: String) {
        self.duration = duration
        self.text = text
    }

    /// A default of whole seconds, shown as `30s`.
    init(_ duration: Duration) {
        self.init(duration, text: "\(duration.components.seconds)s")
    }

    init?(argument: String) {
        guard let duration = DurationText.parse(argument, maximum: .seconds(86_400 * 7)) else { return nil }
        self.duration = duration
        text = argument
    }

    var defaultValueDescription: String { text }
}
