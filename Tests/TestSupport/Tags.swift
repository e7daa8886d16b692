import Testing

extension Tag {
    /// A test that takes seconds of real time (waits out a Retry-After, a token's lifetime, a
    /// time limit, a browser), not milliseconds: `swift test --skip-build --filter …` with
    /// `--skip` cannot see tags, but Xcode, `swift test list` and Swift Testing's own filters can.
    @Tag public static var slow: Self
}
