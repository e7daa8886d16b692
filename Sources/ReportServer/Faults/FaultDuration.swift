import Terminal

/// Durations of faults (`"delay": "1500ms"`, `Prefer: delay=2s`): as `report`'s own flags take
/// them (`DurationText`), at most ten minutes.
enum FaultDuration {
    static let maximum = Duration.seconds(600)

    static func parse(_ text: String) -> Duration? {
        DurationText.parse(text, maximum: maximum)
    }

    /// `2s`, `1500ms`: how the log and the admin endpoint write a duration.
    static func text(_ duration: Duration) -> String {
        DurationText.text(duration)
    }
}
