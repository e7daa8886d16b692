import Terminal
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `JSONWriter` writes every document the program prints. Its output must be the very bytes
/// `JSONEncoder` (sorted keys, slashes unescaped) gives for the same value, compact and indented,
/// so that `--json` did not change when the writer replaced the encoder.
@Suite("The JSON writer against JSONEncoder")
struct JSONWriterTests {
    /// Every kind of value the documents hold: nested and empty containers, null, negative and
    /// large integers, and strings with each character class that JSON escapes or must not.
    struct Sample: Encodable, JSONWritable {
        var name: String
        var count: Int
        var flag: Bool
        var missing: String?
        var tags: [String]
        var empty: [String]
        var nested: [Inner]

        struct Inner: Encodable, JSONWritable {
            var level: String
            var score: Int
            var values: [Int]

            func write(to writer: inout JSONWriter) {
                writer.object { writer in
                    writer.member("level", level)
                    writer.member("score", score)
                    writer.member("values", values)
                }
            }
        }

        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case count, empty, flag, missing, name, nested, tags }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(count, forKey: .count)
            try container.encode(empty, forKey: .empty)
            try container.encode(flag, forKey: .flag)
            try container.encode(missing, forKey: .missing)
            try container.encode(name, forKey: .name)
            try container.encode(nested, forKey: .nested)
            try container.encode(tags, forKey: .tags)
        }

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("count", count)
                writer.member("empty", empty)
                writer.member("flag", flag)
                writer.member("missing", missing)
                writer.member("name", name)
                writer.member("nested", nested)
                writer.member("tags", tags)
            }
        }
    }

    static let strings = [
        "", "plain", "면접 리포트", "quote \" and backslash \\", "a/b/c", "tab\tnew\nline\rreturn",
        "\u{0}\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}[31m\u{1F}", "\u{7F} DEL, \u{2028} LS, \u{202E} RLO",
        "emoji 👨‍👩‍👧 and é (e\u{301})", "ends in a backslash \\",
    ]

    static let samples: [Sample] = [
        Sample(name: "", count: 0, flag: false, missing: nil, tags: [], empty: [], nested: []),
        Sample(name: strings.joined(), count: -42, flag: true, missing: "here", tags: strings, empty: [],
               nested: [Inner(level: "HIGH", score: Int.max, values: []),
                        Inner(level: "LOW", score: Int.min, values: [0, 9, 10, 99, 100, -1, 1_000_000])]),
    ].flatMap { sample in strings.map { var copy = sample; copy.name = $0; return copy } }

    typealias Inner = Sample.Inner

    /// The encoder the writer replaced, as it was configured; pretty, in `jq`'s layout rather than
    /// `JSONEncoder`'s (`"key": value`, not `"key" : value`; `[]`, not `[` an empty line `]`).
    static func encoded(_ value: some Encodable, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        return pretty ? jqLayout(text) : text
    }

    /// `JSONEncoder`'s pretty text with the two layout differences removed, outside strings only.
    static func jqLayout(_ text: String) -> String {
        var out: [Character] = []
        var inString = false, escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                out.append(character)
                continue
            }
            switch character {
            case "\"": inString = true
            case ":" where out.last == " ": out.removeLast()
            case "]", "}":
                // An empty container: its opening bracket, then only newlines and spaces.
                if let open = out.lastIndex(where: { $0 != " " && $0 != "\n" }), "[{".contains(out[open]),
                   out[(open + 1)...].contains("\n") {
                    out.removeSubrange((open + 1)...)
                }
            default: break
            }
            out.append(character)
        }
        return String(out)
    }

    @Test func prettyTextHasNoSpaceBeforeColonsAndEmptyBracketsTogether() {
        let sample = Sample(name: "a : b", count: 1, flag: true, missing: nil, tags: [], empty: [], nested: [])
        let text = JSONWriter.text(of: sample, pretty: true)
        #expect(text.contains("\"count\": 1"))
        #expect(text.contains("\"tags\": []"))
        #expect(text.contains("\"name\": \"a : b\""))
        #expect(!text.contains("\" :"))
    }

    @Test(arguments: [false, true])
    func writesWhatJSONEncoderWrites(pretty: Bool) throws {
        for sample in Self.samples {
            let expected = try Self.encoded(sample, pretty: pretty)
            #expect(JSONWriter.text(of: sample, pretty: pretty) == expected)
        }
    }

    /// Strings are copied eight bytes at a time up to the word holding a byte to escape: each
    /// such byte at every offset of the first three words, after ASCII and after Korean.
    @Test func escapesAByteAtEveryOffsetAsJSONEncoderDoes() throws {
        for filler in ["a", "한"] {
            for offset in 0..<24 {
                for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "/", "\u{7F}", ""] {
                    let text = String(repeating: filler, count: offset) + special + String(repeating: "z", count: 24 - offset)
                    #expect(JSONWriter.text(of: text, pretty: false) == (try Self.encoded(text, pretty: false)))
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func writesTopLevelArraysAsJSONEncoderDoes(pretty: Bool) throws {
        for elements in [[], Self.samples] {
            #expect(JSONWriter.text(of: elements, pretty: pretty) == (try Self.encoded(elements, pretty: pretty)))
        }
    }
}

@Suite("The JSON writer's numbers and absent members")
struct JSONWriterNumberTests {
    struct Seconds: Encodable, JSONWritable {
        let seconds: Double
        let hint: String?

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("hint", ifPresent: hint)
                writer.member("seconds", seconds)
            }
        }
    }

    @Test(arguments: [0, 1, 0.123, 12.5, 1234.567, 0.001, -3.25, 86_400])
    func doublesAreWrittenAsJSONEncoderWritesThem(seconds: Double) throws {
        for hint in [nil, "a hint"] {
            let value = Seconds(seconds: seconds, hint: hint)
            #expect(JSONWriter.text(of: value, pretty: false) == (try JSONWriterTests.encoded(value, pretty: false)))
        }
    }
}
