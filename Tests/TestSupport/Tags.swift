import Testing

extension Tag {
    /// A test that takes seconds of real time, not milliseconds: it waits out a Retry-After, a
    /// token's lifetime or `--wait`, runs python3 checkers or a browser, or is the fault matrix.
    /// Xcode filters by tags; Swift 6.3.1's `swift test` cannot yet (`--filter tag:slow` comes with
    /// swift-testing's tag filtering, ST-0025), so scripts/test still runs by target.
    @Tag public static var slow: Self
}
