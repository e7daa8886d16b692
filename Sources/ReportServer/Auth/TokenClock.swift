/// The time issued access tokens expire by: the system's monotonic clock, or one a test moves
/// forward (so that a test of expiry waits for nothing and cannot be starved past a deadline).
struct TokenClock: Sendable {
    let now: @Sendable () -> ContinuousClock.Instant

    static let system = TokenClock { ContinuousClock.now }
}
