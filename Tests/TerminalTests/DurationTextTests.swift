import Terminal
import Testing

@Suite("Durations as people write them")
struct DurationTextTests {
    @Test(arguments: [("500ms", 500), ("90s", 90_000), ("1.5s", 1_500), ("10m", 600_000), ("1h", 3_600_000), ("2", 2_000)])
    func parses(text: String, milliseconds: Int64) {
        #expect(DurationText.parse(text, maximum: .seconds(86_400)) == .milliseconds(milliseconds))
    }

    @Test(arguments: ["", "s", "-1s", "1e3s", "1 s", "２s", "10x", "nan", "inf"])
    func refuses(text: String) {
        #expect(DurationText.parse(text, maximum: .seconds(86_400)) == nil)
    }

    @Test func refusesMoreThanTheMaximumAndWritesSecondsOrMilliseconds() {
        #expect(DurationText.parse("11m", maximum: .seconds(600)) == nil)
        #expect(DurationText.parse("10m", maximum: .seconds(600)) == .seconds(600))
        #expect(DurationText.text(.seconds(2)) == "2s")
        #expect(DurationText.text(.milliseconds(1500)) == "1500ms")
    }
}
