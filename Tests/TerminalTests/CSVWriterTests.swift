import Terminal
import Testing

/// RFC 4180 as `--format csv` writes it: CRLF, quoting, the byte-order mark, and formulas kept
/// from running.
@Suite("CSVWriter")
struct CSVWriterTests {
    func csv(_ records: [[CSVWriter.Cell]], byteOrderMark: Bool = false) -> String {
        var writer = CSVWriter(byteOrderMark: byteOrderMark)
        for record in records { writer.record(record) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func recordsEndWithCRLFAndFieldsAreQuotedOnlyWhenTheyMustBe() {
        #expect(csv([[.text("a"), .number("1"), .empty], [.text("사람인"), .number("-3"), .text("x")]])
                == "a,1,\r\n사람인,-3,x\r\n")
        #expect(csv([[.text("a,b"), .text("say \"hi\""), .text("two\nlines"), .text(" padded "), .text("cr\r")]])
                == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\" padded \",\"cr\r\"\r\n")
    }

    @Test func aTextThatAFormulaWouldBeGetsALeadingQuoteANumberNever() {
        #expect(csv([[.text("=HYPERLINK(\"http://x\")"), .text("+1"), .text("-2"), .text("@SUM(A1)"), .number("-2")]])
                == "\"'=HYPERLINK(\"\"http://x\"\")\",'+1,'-2,'@SUM(A1),-2\r\n")
        #expect(csv([[.text("\tTAB")]]) == "'\tTAB\r\n", "the quote first: nothing left to quote")
    }

    @Test func theByteOrderMarkComesFirstOnlyWhenAskedFor() {
        var writer = CSVWriter(byteOrderMark: true)
        writer.record([.text("면접")])
        #expect(Array(writer.bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(!csv([[.text("x")]]).hasPrefix("\u{FEFF}"))
    }
}
