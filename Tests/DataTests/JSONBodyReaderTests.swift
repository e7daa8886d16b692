@testable import Data
import Foundation
import Testing

/// The fast reader against JSONDecoder, body by body: whatever the fast reader takes, JSONDecoder
/// decodes to the same DTO, and `Network.decode` ends every body as JSONDecoder does — the same
/// value or the same one-line error text (`BodyReaderCrossCheck`).
@Suite("The DTOs' fast reader agrees with JSONDecoder")
struct JSONBodyReaderDifferentialTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    enum Kind: String, CaseIterable, Sendable { case interview, report, video }

    /// One body for one endpoint; `strict` when it is plain RFC 8259 JSON written by
    /// JSONSerialization (no repeated keys, integers without fraction or exponent), so that the fast
    /// reader must take it whenever JSONDecoder does.
    struct Body: Sendable, CustomTestStringConvertible {
        let name: String
        let kind: Kind
        let bytes: [UInt8]
        var strict = false
        var testDescription: String { "\(kind) \(name)" }
    }

    static func check(_ body: Body) -> BodyReaderCrossCheck.Comparison {
        switch body.kind {
        case .interview: BodyReaderCrossCheck.compare(body.bytes, as: InterviewDTO.self)
        case .report: BodyReaderCrossCheck.compare(body.bytes, as: AnalysisReportResponseDTO.self)
        case .video: BodyReaderCrossCheck.compare(body.bytes, as: VideoReportResponseDTO.self)
        }
    }

    static func expectAgreement(_ body: Body) {
        let comparison = check(body)
        #expect(comparison.disagreement == nil, "\(body.testDescription)")
        if body.strict, !comparison.fastReaderReadIt {
            // Then JSONDecoder must have refused it too: a strict body it accepts is the fast path's job.
            let accepted = switch body.kind {
            case .interview: (try? JSONDecoder().decode(InterviewDTO.self, from: Data(body.bytes))) != nil
            case .report: (try? JSONDecoder().decode(AnalysisReportResponseDTO.self, from: Data(body.bytes))) != nil
            case .video: (try? JSONDecoder().decode(VideoReportResponseDTO.self, from: Data(body.bytes))) != nil
            }
            #expect(!accepted, "the fast reader left a strict body to JSONDecoder: \(body.testDescription)")
        }
    }

    // MARK: The demo data

    static func demoRecords() -> [(name: String, record: [String: Any])] {
        let folder = root.appendingPathComponent("ServerData/demo/interviews")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        return names.sorted().compactMap { name in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
                  let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return (name, record)
        }
    }

    static func serialized(_ value: Any, pretty: Bool = false) -> [UInt8] {
        let options: JSONSerialization.WritingOptions = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        return [UInt8]((try? JSONSerialization.data(withJSONObject: value, options: options)) ?? Data())
    }

    static func demoBodies() -> [Body] {
        demoRecords().flatMap { name, record -> [Body] in
            let bodies: [(Kind, Any)] = [(.interview, record["interview"] ?? NSNull()),
                                         (.report, ["result": record["report"] ?? NSNull()]),
                                         (.video, ["result": record["videoReport"] ?? NSNull()])]
            return bodies.flatMap { kind, value in
                [Body(name: name, kind: kind, bytes: serialized(value), strict: true),
                 Body(name: "\(name) pretty", kind: kind, bytes: serialized(value, pretty: true), strict: true)]
            }
        }
    }

    @Test func theDemoDataIsThere() {
        #expect(Self.demoRecords().count >= 10)
    }

    @Test(arguments: demoBodies())
    func demoBody(_ body: Body) {
        Self.expectAgreement(body)
        #expect(Self.check(body).fastReaderReadIt, "\(body.testDescription)")
    }

    /// The raw demo files (pretty, with members no DTO reads) as every kind of body.
    @Test func wholeDemoFiles() throws {
        let folder = Self.root.appendingPathComponent("ServerData/demo/interviews")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            for kind in Kind.allCases { Self.expectAgreement(Body(name: name, kind: kind, bytes: bytes)) }
        }
    }

    // MARK: The fuzz seeds and regressions

    /// Split as `FuzzInput` does: three header bytes, then the bodies separated by 0xFF.
    static func fuzzBodies() -> [Body] {
        ["corpus", "regressions"].flatMap { folder -> [Body] in
            let directory = root.appendingPathComponent("Fuzz/\(folder)")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
            return names.flatMap { name -> [Body] in
                guard let bytes = try? [UInt8](Data(contentsOf: directory.appendingPathComponent(name))),
                      bytes.count >= 3 else { return [] }
                let parts = bytes[3...].split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false)
                return zip(Kind.allCases, parts).map { Body(name: "\(folder)/\(name)", kind: $0, bytes: Array($1)) }
            }
        }
    }

    @Test(arguments: fuzzBodies())
    func fuzzBody(_ body: Body) {
        Self.expectAgreement(body)
    }

    // MARK: Every member missing, null or of the wrong type, in turn

    /// A JSON value with one member changed: removed, null, or a value of another type.
    static func variants(of value: Any, at path: String = "") -> [(String, Any)] {
        if let object = value as? [String: Any] {
            return object.keys.sorted().flatMap { key -> [(String, Any)] in
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                var variants: [(String, Any)] = []
                var without = object
                without[key] = nil
                variants.append(("\(memberPath) missing", without))
                for (label, replacement) in [("null", NSNull()), ("wrong type", wrongType(for: object[key]!)) as (String, Any)] {
                    var changed = object
                    changed[key] = replacement
                    variants.append(("\(memberPath) \(label)", changed))
                }
                for (label, inner) in Self.variants(of: object[key]!, at: memberPath) {
                    var changed = object
                    changed[key] = inner
                    variants.append((label, changed))
                }
                return variants
            }
        }
        if let array = value as? [Any], let first = array.first {
            // The first element stands for all of them.
            return [("\(path)[0] null", [NSNull()] + array.dropFirst()), ("\(path)[0] wrong type", [wrongType(for: first)] + array.dropFirst())]
                + variants(of: first, at: "\(path)[0]").map { ($0.0, [$0.1] + array.dropFirst()) }
        }
        return []
    }

    static func wrongType(for value: Any) -> Any {
        switch value {
        case is String: 1
        case is NSNumber: "1"
        case is [Any]: ["x": 1]
        default: [1]
        }
    }

    static func variantBodies() -> [Body] {
        guard let record = demoRecords().first(where: { $0.name == "1001.json" })?.record else { return [] }
        let roots: [(Kind, Any)] = [(.interview, record["interview"] ?? NSNull()),
                                    (.report, ["result": record["report"] ?? NSNull()]),
                                    (.video, ["result": record["videoReport"] ?? NSNull()])]
        return roots.flatMap { kind, value in
            variants(of: value).map { Body(name: $0.0, kind: kind, bytes: serialized($0.1), strict: true) }
        }
    }

    @Test func thereAreVariantsForEveryKind() {
        let kinds = Set(Self.variantBodies().map(\.kind))
        #expect(kinds == Set(Kind.allCases))
        #expect(Self.variantBodies().count > 100)
    }

    @Test(arguments: variantBodies())
    func variant(_ body: Body) {
        Self.expectAgreement(body)
    }

    // MARK: Edges, as JSONDecoder (swift-foundation) treats them

    static let interview = #"{"termNo":1001,"companyName":"사람인","occupationName":"iOS","careerName":"3년","regDate":"2026-11-02","itemTypeCode":"COMPANY","programLevel":"BASIC","analysisStatus":"DONE"}"#

    static func interview(termNo: String) -> String {
        interview.replacingOccurrences(of: "1001", with: termNo)
    }

    static func interview(companyName: String) -> String {
        interview.replacingOccurrences(of: "\"사람인\"", with: companyName)
    }

    static func interview(extra: String) -> String {
        interview.replacingOccurrences(of: "{\"termNo\"", with: "{\(extra),\"termNo\"")
    }

    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static let edges: [Body] = {
        var bodies: [(String, Kind, [UInt8])] = []
        func add(_ name: String, _ kind: Kind, _ text: String) { bodies.append((name, kind, Array(text.utf8))) }
        func addBytes(_ name: String, _ kind: Kind, _ bytes: [UInt8]) { bodies.append((name, kind, bytes)) }
        let base = Array(interview.utf8)

        add("plain", .interview, interview)
        addBytes("BOM", .interview, [0xEF, 0xBB, 0xBF] + base)
        addBytes("two BOMs", .interview, [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + base)
        add("whitespace around", .interview, " \n\t\r" + interview + " \r\n\t")
        add("other whitespace", .interview, "\u{0B}" + interview)
        add("trailing garbage", .interview, interview + " x")
        add("a second value", .interview, interview + "{}")
        addBytes("trailing NUL", .interview, base + [0])
        addBytes("UTF-16", .interview, Array(interview.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
        add("empty", .interview, "")
        add("only whitespace", .interview, "  ")
        for top in ["[]", "1", "null", "\"x\"", "true"] { add("top level \(top)", .interview, top) }
        add("truncated", .interview, String(interview.dropLast()))
        add("trailing comma in the object", .interview, interview.replacingOccurrences(of: "}", with: ",}"))
        add("trailing comma in an ignored array", .interview, interview(extra: #""x":[1,2,]"#))
        add("an empty member", .interview, interview.replacingOccurrences(of: "\"DONE\"", with: "\"DONE\",,"))

        for number in ["1.0", "1e3", "1E3", "10e2", "0.5e1", "-0", "-0.0", "0", "3.5", "-1", "1e400", "1e-400", "4294967295",
                       "4294967296", "99999999999999999999", "01", "+1", ".5", "1.", "1e", "-", "0x10", "\"1001\"",
                       "true", "null", "[1001]", "{}"] {
            add("termNo \(number)", .interview, interview(termNo: number))
        }
        for number in ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                       "1e18", "1e19", "2.5", "100.000"] {
            add("score \(number)", .report, #"{"result":{"character":{"type":"t","description":"d","traits":[{"name":"n","score":\#(number),"level":"LOW","comment":"c"}]}}}"#)
        }

        add("duplicate key, both strings", .interview, interview(extra: #""companyName":"first""#))
        add("duplicate key, the first wrong", .interview, interview(extra: #""companyName":1"#))
        add("duplicate key, the second wrong", .interview, interview.replacingOccurrences(of: "\"DONE\"}", with: "\"DONE\",\"companyName\":1}"))
        add("duplicate key, the repeat null", .interview, interview.replacingOccurrences(of: "\"DONE\"}", with: "\"DONE\",\"termNo\":null}"))
        add("duplicate key through an escape", .interview, interview(extra: #""company\u004eame":"escaped""#))
        add("duplicate result, the first null", .report, #"{"result":null,"result":{}}"#)
        add("duplicate result, the second null", .report, #"{"result":{},"result":null}"#)
        add("unknown keys", .interview, interview(extra: #""extra":{"a":[1,{"b":null}],"c":-1.5e-3},"more":true"#))
        add("key with escapes", .interview, interview.replacingOccurrences(of: "\"termNo\"", with: "\"\\u0074ermNo\""))
        add("key with a Kelvin sign", .interview, interview(extra: "\"\u{212A}\":1"))
        add("key with a control escape", .interview, interview(extra: #""a\u0000":1"#))
        addBytes("invalid UTF-8 in a key", .interview, Array("{\"".utf8) + [0xFF] + Array("\":1,".utf8) + base.dropFirst())

        add("escapes", .interview, interview(companyName: #""\"\\\/\b\f\n\r\t\u00e9\u00E9\u0000""#))
        add("surrogate pair", .interview, interview(companyName: #""\ud83d\ude00""#))
        add("lone high surrogate", .interview, interview(companyName: #""\ud83d""#))
        add("lone low surrogate", .interview, interview(companyName: #""\ude00""#))
        add("high surrogate then a letter", .interview, interview(companyName: #""\ud83dx""#))
        add("high surrogate then another escape", .interview, interview(companyName: #""\ud83d\u0041""#))
        add("two high surrogates", .interview, interview(companyName: #""\ud83d\ud83d""#))
        add("short \\u", .interview, interview(companyName: #""\u12""#))
        add("bad hex", .interview, interview(companyName: #""\u12G4""#))
        add("unknown escape", .interview, interview(companyName: #""\x""#))
        add("raw control character", .interview, interview(companyName: "\"a\u{01}b\""))
        add("raw DEL", .interview, interview(companyName: "\"a\u{7F}b\""))
        add("raw tab", .interview, interview(companyName: "\"a\tb\""))
        add("decomposed text", .interview, interview(companyName: "\"e\u{301}\""))
        add("noncharacter", .interview, interview(companyName: "\"\u{FFFE}\u{10FFFF}\""))
        for (label, bad) in [("0xFF", [0xFF]), ("overlong", [0xC0, 0x80]), ("UTF-8 surrogate", [0xED, 0xA0, 0x80]),
                             ("truncated", [0xE2, 0x82]), ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80])] as [(String, [UInt8])] {
            let text = Array(interview(companyName: "\"a@b\"").utf8)
            let at = text.firstIndex(of: UInt8(ascii: "@"))!
            addBytes("invalid UTF-8 (\(label)) in a value read", .interview, Array(text[..<at]) + bad + Array(text[(at + 1)...]))
            let ignored = Array(interview(extra: "\"x\":\"a@b\"").utf8)
            let at2 = ignored.firstIndex(of: UInt8(ascii: "@"))!
            addBytes("invalid UTF-8 (\(label)) in a value ignored", .interview, Array(ignored[..<at2]) + bad + Array(ignored[(at2 + 1)...]))
        }
        add("lone surrogate in an ignored value", .interview, interview(extra: #""x":"\ud83d""#))
        add("bad escape in an ignored value", .interview, interview(extra: #""x":"\x""#))
        add("control character in an ignored value", .interview, interview(extra: "\"x\":\"\u{01}\""))
        add("sloppy number in an ignored value", .interview, interview(extra: #""x":-01"#))

        // The outermost object counts: 511 arrays inside it make 512 levels, JSONDecoder's limit.
        for depth in [510, 511, 512, 513, 100_000] {
            add("\(depth) arrays deep in an ignored member", .interview, interview(extra: "\"x\":\(nested(depth))"))
        }
        add("513 objects deep", .interview, interview(extra: "\"x\":" + String(repeating: "{\"k\":", count: 512) + "1" + String(repeating: "}", count: 512)))

        add("result missing", .report, "{}")
        add("result null", .report, #"{"result":null}"#)
        add("result empty", .report, #"{"result":{}}"#)
        add("result all null", .report, #"{"result":{"tips":null,"character":null,"aptitude":null,"keyword":null}}"#)
        add("keyword with null", .report, #"{"result":{"keyword":["a",null]}}"#)
        add("keyword empty", .report, #"{"result":{"keyword":[]}}"#)
        add("tips items missing and summary wrong", .report, #"{"result":{"tips":{"summary":1}}}"#)
        add("tips items before a missing summary", .report, #"{"result":{"tips":{"items":[{"title":1}]}}}"#)
        add("a missing key after a type mismatch in body order", .report, #"{"result":{"tips":{"items":"x"}}}"#)
        add("a later element fails", .report, #"{"result":{"tips":{"summary":"s","items":[{"category":"c","title":"t","body":"b"},{"category":"c","title":"t"}]}}}"#)
        add("video result missing", .video, "{}")
        add("video null", .video, #"{"result":null}"#)
        add("video questions empty", .video, #"{"result":{"questions":[]}}"#)
        add("video question no 1.0", .video, #"{"result":{"questions":[{"no":1.0,"question":"q","answerSeconds":1,"speechRate":1,"gazeStability":1,"voiceStability":1,"feedback":"f"}]}}"#)
        return bodies.map { Body(name: $0.0, kind: $0.1, bytes: $0.2) }
    }()

    @Test(arguments: edges)
    func edge(_ body: Body) {
        Self.expectAgreement(body)
    }

    /// The edges the fast path takes itself: every other one is malformed, not the DTO's shape, or
    /// something only JSONDecoder's own rules decide (`1e3` for an integer, a repeated key, a
    /// trailing comma), and JSONDecoder gets it.
    @Test func theFastPathTakesTheStrictEdges() {
        let fast = Set(Self.edges.filter { Self.check($0).fastReaderReadIt }.map(\.name))
        #expect(fast == ["plain", "BOM", "whitespace around", "termNo -0", "termNo 0", "termNo 4294967295",
                         "score 9223372036854775807", "score -9223372036854775808", "unknown keys", "key with escapes",
                         "key with a Kelvin sign", "key with a control escape", "escapes", "surrogate pair", "raw DEL",
                         "decomposed text", "noncharacter", "510 arrays deep in an ignored member",
                         "511 arrays deep in an ignored member", "result null", "result empty", "result all null",
                         "keyword empty", "video null", "video questions empty"])
    }

    /// What JSONDecoder does with these, found by trying, and so what the fast path must not change.
    @Test func jsonDecoderQuirksThatStay() throws {
        func decode(_ text: String, _ kind: Kind = .interview) -> String {
            let bytes = Array(text.utf8)
            do {
                switch kind {
                case .interview: return "\(try Network<InterviewDTO>.decode(Data(bytes)).termNo)"
                case .report: return "\(try Network<AnalysisReportResponseDTO>.decode(Data(bytes)).result == nil)"
                case .video: return "\(try Network<VideoReportResponseDTO>.decode(Data(bytes)).result == nil)"
                }
            } catch {
                guard case .decoding(let text) = error else { return "\(error)" }
                return text
            }
        }
        #expect(decode(Self.interview(termNo: "1e3")) == "1000")
        #expect(decode(Self.interview(termNo: "10.0")) == "10")
        #expect(decode(Self.interview(termNo: "-0")) == "0")
        // A number that does not fit loses its path in JSONDecoder: the text says the body is not JSON.
        #expect(decode(Self.interview(termNo: "3.5")) == "the body is not valid JSON")
        #expect(decode(Self.interview(termNo: "-1")) == "the body is not valid JSON")
        #expect(decode(Self.interview(termNo: "4294967296")) == "the body is not valid JSON")
        // The first of two equal keys wins; a trailing comma passes.
        #expect(decode(Self.interview(extra: #""termNo":7"#)) == "7")
        #expect(decode(Self.interview.replacingOccurrences(of: "}", with: ",}")) == "1001")
        #expect(decode("[]") == "'(root)' is not an object")
        #expect(decode("null") == "'(root)' is null, expected object")
        #expect(decode("{}", .report) == "missing key 'result'")
        // Declaration order, not body order: `summary` is missing before `items` is mistyped.
        #expect(decode(#"{"result":{"tips":{"items":"x"}}}"#, .report) == "missing key 'result.tips.summary'")
    }
}

/// The reader itself.
@Suite("JSONReader")
struct JSONReaderTests {
    func read<Value>(_ text: String, _ value: (inout JSONReader) throws(JSONReadError) -> Value) -> Result<Value, JSONReadError> {
        read(Array(text.utf8), value)
    }

    func read<Value>(_ bytes: [UInt8], _ value: (inout JSONReader) throws(JSONReadError) -> Value) -> Result<Value, JSONReadError> {
        bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONReadError) -> Value in try JSONReader.readDocument(buffer, value) }
        }
    }

    func string(_ text: String) -> Result<String, JSONReadError> {
        read(text) { reader throws(JSONReadError) in try reader.readString() }
    }

    func reason<Value>(_ result: Result<Value, JSONReadError>) -> JSONReadError.Reason? {
        if case .failure(let error) = result { return error.reason }
        return nil
    }

    @Test func escapesAreDecoded() throws {
        #expect(try string(#""a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\u0000""#).get() == "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti" + "Aé\u{0}")
        #expect(try string(#""한글 and ASCII""#).get() == "한글 and ASCII")
        #expect(try string(#""""#).get() == "")
    }

    @Test func surrogatePairsMakeOneScalar() throws {
        #expect(try string(#""\ud83d\ude00!""#).get() == "😀!")
        #expect(try string(#""\uD834\uDD1E""#).get() == "𝄞")
    }

    @Test func loneSurrogatesAreErrors() throws {
        #expect(reason(string(#""\ud83d""#)) == .loneSurrogate)
        #expect(reason(string(#""\ude00""#)) == .loneSurrogate)
        #expect(reason(string(#""\ud83dx""#)) == .loneSurrogate)
        #expect(reason(string(#""\ud83d\u0041""#)) == .loneSurrogate)
    }

    @Test func badEscapesAndControlCharactersAreErrors() throws {
        #expect(reason(string(#""\x""#)) == .invalidEscape)
        #expect(reason(string(#""\u12""#)) == .invalidEscape)
        #expect(reason(string(#""\u12G4""#)) == .invalidEscape)
        #expect(reason(string("\"a\u{1}\"")) == .controlCharacter)
        #expect(reason(string("\"a\nb\"")) == .controlCharacter)
        #expect(reason(string("\"unterminated")) == .syntax)
    }

    @Test func invalidUTF8IsAnError() throws {
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] {
            let body = [UInt8(ascii: "\"")] + bad + [UInt8(ascii: "\"")]
            #expect(reason(read(body) { reader throws(JSONReadError) in try reader.readString() }) == .invalidUTF8)
            // Next to an escape too, and in a value that is only skipped.
            let escaped = Array(#""\n"#.utf8) + bad + [UInt8(ascii: "\"")]
            #expect(reason(read(escaped) { reader throws(JSONReadError) in try reader.readString() }) == .invalidUTF8)
            #expect(reason(read(body) { reader throws(JSONReadError) in try reader.skipValue() }) == .invalidUTF8)
        }
    }

    @Test func nestingStopsAtTheLimit() throws {
        let limit = JSONReader.maxDepth
        func skip(_ depth: Int) -> Result<Void, JSONReadError> {
            read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) { reader throws(JSONReadError) in
                try reader.skipValue()
            }
        }
        #expect((try? skip(limit).get()) != nil)
        #expect(reason(skip(limit + 1)) == .tooDeep)
        // Far deeper than any stack would take, were skipping recursive.
        #expect(reason(skip(1_000_000)) == .tooDeep)
        let objects = String(repeating: #"{"k":"#, count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        #expect(reason(read(objects) { reader throws(JSONReadError) in try reader.skipValue() }) == .tooDeep)
    }

    @Test func skippingChecksTheGrammar() throws {
        func skip(_ text: String) -> JSONReadError.Reason? {
            reason(read(text) { reader throws(JSONReadError) in try reader.skipValue() })
        }
        #expect(skip(#"{"a":[1,-2.5e+3,true,false,null,"s",{}],"b":{"c":[]}}"#) == nil)
        for bad in ["[1,]", "{\"a\":1,}", "[,1]", "{,}", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{1:2}", "01", "-", "1.", ".5",
                    "1e", "+1", "tru", "nul", "NaN", "[", "{\"a\":1", "[1]]"] {
            #expect(skip(bad) != nil, "\(bad)")
        }
    }

    @Test func integers() throws {
        func integer<I: FixedWidthInteger>(_ text: String, _: I.Type) -> Result<I, JSONReadError> {
            read(text) { reader throws(JSONReadError) in try reader.readInteger(I.self) }
        }
        #expect(try integer("9223372036854775807", Int.self).get() == .max)
        #expect(try integer("-9223372036854775808", Int.self).get() == .min)
        #expect(try integer("-0", UInt32.self).get() == 0)
        #expect(try integer("4294967295", UInt32.self).get() == .max)
        #expect(reason(integer("4294967296", UInt32.self)) == .notAPlainInteger)
        #expect(reason(integer("-1", UInt32.self)) == .notAPlainInteger)
        #expect(reason(integer("9223372036854775808", Int.self)) == .notAPlainInteger)
        #expect(reason(integer("1.0", Int.self)) == .notAPlainInteger)
        #expect(reason(integer("1e2", Int.self)) == .notAPlainInteger)
        #expect(reason(integer("\"1\"", Int.self)) == .unexpectedValue(expected: "an integer"))
        #expect(reason(integer("01", Int.self)) == .trailingData)
    }

    @Test func booleansAndNull() throws {
        #expect(try read(" true") { reader throws(JSONReadError) in try reader.readBool() }.get())
        #expect(try !read("false") { reader throws(JSONReadError) in try reader.readBool() }.get())
        #expect(reason(read("null") { reader throws(JSONReadError) in try reader.readBool() }) == .unexpectedValue(expected: "a boolean"))
        #expect(reason(read("nul") { reader throws(JSONReadError) in try reader.readNull() }) == .syntax)
        #expect(try read("[null,1]") { reader throws(JSONReadError) in
            try reader.readArray { reader throws(JSONReadError) in try reader.readNull() ? nil : try reader.readInteger(Int.self) }
        }.get() == [nil, 1])
    }

    @Test func onlyWhitespaceMayFollowTheValue() throws {
        #expect(try string(" \"x\" \n").get() == "x")
        #expect(reason(string("\"x\" y")) == .trailingData)
        #expect(reason(string("\"x\"\u{0B}")) == .trailingData)
        #expect(try read([0xEF, 0xBB, 0xBF] + Array("\"x\"".utf8)) { reader throws(JSONReadError) in try reader.readString() }.get() == "x")
    }

    @Test func keysMatchByValueNotBySpelling() throws {
        var seen: [String] = []
        _ = try read(#"{"title":1,"t\u0069tle":2,"body":3,"\u00e9":4}"#) { reader throws(JSONReadError) in
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "title": seen.append("title")
                case "body": seen.append("body")
                case "é": seen.append("é")
                default: seen.append("other")
                }
                try reader.skipValue()
            }
        }.get()
        #expect(seen == ["title", "title", "body", "é"])
    }

    @Test func aDTOReadsItsMembersInAnyOrder() throws {
        let body = #"{"title":"t","unknown":[{"x":null}],"body":"b","category":"c"}"#
        let item = try read(body) { reader throws(JSONReadError) in try reader.read(TipsDTO.Item.self) }.get()
        #expect(item.category == "c" && item.title == "t" && item.body == "b")
        #expect(reason(read(#"{"title":"t","body":"b"}"#) { reader throws(JSONReadError) in try reader.read(TipsDTO.Item.self) })
            == .missingKey("category"))
        #expect(reason(read(#"{"title":"t","title":"u"}"#) { reader throws(JSONReadError) in try reader.read(TipsDTO.Item.self) })
            == .duplicateKey("title"))
    }
}
