import Terminal
import Testing

@Suite("Styling and printable text")
struct TextStyleTests {
    @Test func styleWrapsInEscapesOnlyWhenEnabled() {
        #expect(TextStyle(enabled: true).green("ok") == "\u{1B}[32mok\u{1B}[0m")
        #expect(TextStyle(enabled: true).bold("제목") == "\u{1B}[1m제목\u{1B}[0m")
        #expect(TextStyle.plain.red("failed") == "failed")
    }

    @Test func printableTextDropsControlCharactersAndCapsTheLength() {
        #expect(PrintableText.oneLine("a\u{1B}[2Jb\n\nc\r") == "a[2Jb c")
        #expect(PrintableText.oneLine(String(repeating: "가", count: 5), maxLength: 3) == "가가가…")
        #expect(PrintableText.line("한국어 그대로") == "한국어 그대로")
        #expect(PrintableText.line("이름\u{202E}\t끝") == "이름 끝")
        #expect(PrintableText.paragraphs("첫 줄\r\n둘째 줄\u{7}") == "첫 줄\n둘째 줄")
    }

    /// Text that is plain at once is kept as it is, decided from its UTF-8 (one, two and three
    /// bytes a scalar); a scalar just outside the plain ranges still goes through the whole check.
    @Test func plainTextIsKeptAndEveryEdgeOfThePlainRangesIsChecked() {
        let plain = "Aa~ ¡¬®ÿ \u{1100}\u{11FF}\u{3131}\u{318E}\u{4E00}\u{9FEF}\u{AC00}\u{D7A3} 결론부터 말하기"
        #expect(PrintableText.line(plain) == plain)
        #expect(PrintableText.paragraphs(plain + "\n" + plain) == plain + "\n" + plain)
        #expect(PrintableText.line("a\u{7F}b\u{80}c\u{9F}d") == "abcd")
        #expect(PrintableText.line("가\u{D7A4}나\u{FFFF}다") == "가나다")
        #expect(PrintableText.line("x\u{200E}y\u{2066}z") == "xyz")
        #expect(PrintableText.line("줄\n바꿈") == "줄 바꿈")
        #expect(PrintableText.paragraphs("줄\u{2028}바꿈\u{1F}") == "줄\n바꿈")
        #expect(PrintableText.line("\u{A0}\u{AD}😀") == "\u{A0}\u{AD}😀")
    }

    @Test func visibleTextShowsEveryControlCharacterWithoutObeyingIt() {
        func visible(_ text: String) -> String { String(decoding: PrintableText.visible(Array(text.utf8)), as: UTF8.self) }
        #expect(visible("plain\ttext\n") == "plain\ttext\n")
        #expect(visible("\u{1B}]52;c;eA==\u{7}\u{0}\u{7F}") == "^[]52;c;eA==^G^@^?")
        #expect(visible("a\r\nb\rc") == "a\nb\nc")
        #expect(visible("\u{9B}2J\u{202E}\u{2028}\u{E000}") == "<U+009B>2J<U+202E><U+2028><U+E000>")
        #expect(visible("한국어 👩‍💻 é") == "한국어 👩‍💻 é", "letters, emoji sequences (a zero-width joiner) stay")
        #expect(PrintableText.visible([0x61, 0xFF, 0x62]) == Array("a\u{FFFD}b".utf8))
    }

    @Test func layoutCountsWideCharactersAndPads() {
        #expect(TextLayout.width(of: "가a") == 3)
        #expect(TextLayout.pad("가", to: 4) == "가  ")
        #expect(TextLayout.truncate("가나다라", to: 5) == "가나…")
    }
}

@Suite("Which pager")
struct PagerChoiceTests {
    @Test func reportPagerThenPagerThenLess() {
        #expect(Pager.command(environment: [:]) == "less -FRX")
        #expect(Pager.command(environment: ["PAGER": "more"]) == "more")
        #expect(Pager.command(environment: ["PAGER": "more", "REPORT_PAGER": "less -R"]) == "less -R")
        #expect(Pager.command(environment: ["REPORT_PAGER": "", "PAGER": "more"]) == nil)
        #expect(Pager.command(environment: ["REPORT_PAGER": " cat "]) == nil)
    }
}
