/// When something must be over, on the monotonic clock, with the limit it was computed from (for
/// messages): `--max-time` for the whole command (the command runner's time limit) and for every
/// request and retry under it (the retry policy). The program's one deadline type.
public struct Deadline: Hashable, Sendable {
    public let limit: Duration
    public let instant: ContinuousClock.Instant

    /// `limit` from `start` (when the command started).
    public init(limit: Duration, startingAt start: ContinuousClock.Instant) {
        self.limit = limit
        self.instant = start + limit
    }
}
