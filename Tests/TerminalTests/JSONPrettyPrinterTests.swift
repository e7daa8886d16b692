import Foundation
import Terminal
import Testing

@Suite("Laying out a JSON body for a person")
struct JSONPrettyPrinterTests {
    func format(_ text: String, colours: Bool = false) -> String? {
        JSONPrettyPrinter.format(Array(text.utf8), style: TextStyle(enabled: colours)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func indentsKeepingOrderNumbersAndEscapesAsSent() {
        let text = #" {"z":1.50,"a":[true,false,null,-0.5e+3],"s":"\u00e9\"\n","e":{},"l":[]} "#
        #expect(format(text) == """
            {
              "z": 1.50,
              "a": [
                true,
                false,
                null,
                -0.5e+3
              ],
              "s": "\\u00e9\\"\\n",
              "e": {},
              "l": []
            }
            """)
    }

    @Test func aScalarIsItself() {
        #expect(format(" 42\n") == "42")
        #expect(format(#""한글""#) == #""한글""#)
    }

    @Test func coloursKeysStringsAndScalars() {
        #expect(format(#"{"k":"v","n":1,"b":true,"x":null}"#, colours: true) == """
            {
              \u{1B}[1;34m"k"\u{1B}[0m: \u{1B}[32m"v"\u{1B}[0m,
              \u{1B}[1;34m"n"\u{1B}[0m: \u{1B}[36m1\u{1B}[0m,
              \u{1B}[1;34m"b"\u{1B}[0m: \u{1B}[36mtrue\u{1B}[0m,
              \u{1B}[1;34m"x"\u{1B}[0m: \u{1B}[2mnull\u{1B}[0m
            }
            """)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "{1:2}", "01", "1.", "-", "tru", "\"a", "\"\u{1}\"", "\"\\x\"",
                      "\"\\u12\"", "[1] [2]", "{\"a\":1,}", "<html>", "1e", "NaN"])
    func notOneJSONValueIsNil(text: String) {
        #expect(format(text) == nil)
    }

    @Test func tooDeepIsNilNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(format(deep) == nil)
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(format(fine) != nil)
    }

    /// What it lays out parses to the same value as what was sent.
    @Test func theLayoutIsTheSameJSON() throws {
        let text = #"{"interviews":[{"termNo":1001,"companyName":"사람인","score":87.5,"tags":["a","b"],"none":null}],"page":{"n":1}}"#
        let laidOut = try #require(format(text))
        let before = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: Data(laidOut.utf8)) as? NSDictionary
        #expect(before == after)
    }
}
