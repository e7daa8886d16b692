@testable import Data
import Domain
import Foundation
import Testing

/// The report's DTOs have one decoder, their own `JSONReader` (`ResponseBody`): it reads the demo
/// data, never fails without one printable line saying why, and is as liberal as a real server
/// needs (whole numbers written `34.0` or `1e3`) and as strict as misleading input deserves.
@Suite("The DTOs' one reader")
struct JSONBodyReaderTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    enum Kind: String, CaseIterable, Sendable { case interview, report, video }

    /// How `kind` ends `bytes`: "ok" or the reason's key and values.
    static func verdict(_ bytes: [UInt8], as kind: Kind) -> String {
        do {
            switch kind {
            case .interview: _ = try Network<InterviewDTO>.decode(Data(bytes))
            case .report: _ = try Network<AnalysisReportResponseDTO>.decode(Data(bytes))
            case .video: _ = try Network<VideoReportResponseDTO>.decode(Data(bytes))
            }
            return "ok"
        } catch {
            guard case .decoding(let detail) = error else { return "\(error)" }
            return detail.description
        }
    }

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

    @Test func everyDemoBodyReads() {
        let records = Self.demoRecords()
        #expect(records.count >= 10)
        for (name, record) in records {
            for pretty in [false, true] {
                #expect(Self.verdict(Self.serialized(record["interview"] ?? NSNull(), pretty: pretty), as: .interview) == "ok", "\(name)")
                #expect(Self.verdict(Self.serialized(["result": record["report"] ?? NSNull()], pretty: pretty), as: .report) == "ok", "\(name)")
                #expect(Self.verdict(Self.serialized(["result": record["videoReport"] ?? NSNull()], pretty: pretty), as: .video) == "ok", "\(name)")
            }
        }
    }

    /// The fuzz seeds and regressions as every kind of body: each reads, or says why in one line.
    @Test func everyFuzzBodyEndsInOneLine() throws {
        for folder in ["corpus", "regressions"] {
            let directory = Self.root.appendingPathComponent("Fuzz/\(folder)")
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !name.hasPrefix(".") && name != "README.md" {
                let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
                guard bytes.count >= 3 else { continue }
                for part in bytes[3...].split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false) {
                    for kind in Kind.allCases {
                        let verdict = Self.verdict(Array(part), as: kind)
                        #expect(!verdict.isEmpty && !verdict.unicodeScalars.contains { $0.properties.generalCategory == .control },
                                "\(folder)/\(name) as \(kind): \(verdict.debugDescription)")
                    }
                }
            }
        }
    }

    static let interview = #"{"termNo":1001,"companyName":"사람인","occupationName":"iOS 개발","careerName":"경력 3년","regDate":"2026-11-02T10:15:00+09:00","itemTypeCode":"COMPANY","programLevel":"BASIC","analysisStatus":"DONE"}"#

    static func interview(termNo: String) -> [UInt8] {
        Array(interview.replacingOccurrences(of: "1001", with: termNo).utf8)
    }

    @Test func verdictsAndTheirWords() {
        #expect(Self.verdict(Self.interview(termNo: "1001"), as: .interview) == "ok")
        #expect(Self.verdict(Self.interview(termNo: "1001.0"), as: .interview) == "ok", "a whole number with a fraction")
        #expect(Self.verdict(Self.interview(termNo: "1.001e3"), as: .interview) == "ok", "a whole number with an exponent")
        #expect(Self.verdict(Self.interview(termNo: "1000.5"), as: .interview) == "detailJSONNotAnInteger offset=10")
        #expect(Self.verdict(Self.interview(termNo: "4294967296"), as: .interview) == "detailJSONNotAnInteger offset=10")
        #expect(Self.verdict(Self.interview(termNo: "\"1001\""), as: .interview) == "detailJSONUnexpectedValue expected=an integer offset=10")
        #expect(Self.verdict(Array(#"{"termNo":1,"termNo":2}"#.utf8), as: .interview).hasPrefix("detailJSONDuplicateKey key=termNo offset="))
        #expect(Self.verdict(Array("{}".utf8), as: .report) == "detailJSONMissingKey key=result")
        #expect(Self.verdict(Array(#"{"result": null}"#.utf8), as: .report) == "ok", "null: still running")
        #expect(Self.verdict(Array("[]".utf8), as: .report) == "detailJSONUnexpectedValue expected=an object offset=0")
        #expect(Self.verdict(Array(#"{"result": {"tips": {"items": "x"}}}"#.utf8), as: .report).hasPrefix("detailJSONUnexpectedValue expected=an array"))
        #expect(Self.verdict(Array(#"{"result": null} x"#.utf8), as: .report).hasPrefix("detailJSONTrailingData offset="))
        #expect(Self.verdict(Array("<html>".utf8), as: .report).hasPrefix("detailJSONSyntax offset="))
        #expect(Self.verdict([], as: .report).hasPrefix("detailJSONSyntax offset="))
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

    /// Strings are passed over eight bytes at a time up to the word that holds a quote, a
    /// backslash or a control character: each of them, and a byte that is not UTF-8, at every
    /// offset of the first three words, in ASCII and in Korean.
    @Test func whatEndsAPlainRunIsFoundAtEveryOffset() throws {
        for filler in ["a", "한"] {
            for offset in 0..<24 {
                let before = String(repeating: filler, count: offset), after = String(repeating: "z", count: 24 - offset)
                #expect(try string("\"\(before)\"").get() == before)
                #expect(try string("\"\(before)\\\"\(after)\"").get() == before + "\"" + after)
                #expect(try string("\"\(before)\\\\\(after)\"").get() == before + "\\" + after)
                #expect(try string("\"\(before)\\u00e9\(after)\"").get() == before + "é" + after)
                #expect(reason(string("\"\(before)\u{1F}\(after)\"")) == .controlCharacter)
                #expect(reason(string("\"\(before)\(after)")) == .syntax)
                let invalid = Array("\"\(before)".utf8) + [0xC3, 0x28] + Array("\(after)\"".utf8)
                #expect(reason(read(invalid) { reader throws(JSONReadError) in try reader.readString() }) == .invalidUTF8)
            }
        }
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
        #expect(try integer("1.0", Int.self).get() == 1, "whole, written with a fraction")
        #expect(try integer("1e2", Int.self).get() == 100, "whole, written with an exponent")
        #expect(try integer("-2.50e1", Int.self).get() == -25)
        #expect(reason(integer("1.5", Int.self)) == .notAPlainInteger)
        #expect(reason(integer("1e40", Int.self)) == .notAPlainInteger)
        #expect(reason(integer("-1.0", UInt32.self)) == .notAPlainInteger)
        #expect(reason(integer("1.", Int.self)) == .syntax)
        #expect(reason(integer("1e", Int.self)) == .syntax)
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
