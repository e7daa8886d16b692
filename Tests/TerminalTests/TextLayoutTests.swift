import Terminal
import Testing

@Suite("Wrapping text that has characters wider than the line")
struct TextLayoutTests {
    @Test func aClusterWiderThanTheLineGetsALineOfItsOwn() {
        // Six leading jamo make one grapheme 12 columns wide; the line has 10. This used to loop
        // forever (found by scripts/fuzz; Fuzz/regressions/grapheme-wider-than-the-line).
        let cluster = String(repeating: "\u{1100}", count: 6)
        #expect(TextLayout.wrap("가 \(cluster) 나", columns: 10) == ["가", cluster, "나"])
    }

    @Test func anEmojiSequenceJoinedByZeroWidthJoinersIsNeverSplit() {
        let family = Array(repeating: "👨", count: 8).joined(separator: "\u{200D}")
        let lines = TextLayout.wrap(family, columns: 10)
        #expect(lines == [family])
    }
}
