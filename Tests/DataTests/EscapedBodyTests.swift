@testable import Data
import Foundation
import Testing

/// A body whose strings are full of escapes decodes in time linear in its size: a server that
/// escapes everything (Python's json.dumps escapes all Korean as \uXXXX) sends such bodies.
@Suite("Bodies full of escapes")
struct EscapedBodyTests {
    static func report(summary: String) -> Data {
        Data(#"{"result": {"tips": {"summary": "\#(summary)", "items": []}, "character": null, "aptitude": null, "keyword": null}}"#.utf8)
    }

    /// 4 MB of `\/`: it took minutes when each escape copied the string decoded so far.
    @Test(.timeLimit(.minutes(1)))
    func twoMillionEscapesDecodeInLinearTime() throws {
        let start = ContinuousClock.now
        let dto = try Network<AnalysisReportResponseDTO>.decode(Self.report(summary: String(repeating: #"\/"#, count: 2_000_000)))
        #expect(dto.result?.tips?.summary.count == 2_000_000)
        #expect(ContinuousClock.now - start < .seconds(20), "a generous bound: linear time is well under a second")
    }

    @Test func koreanEscapedAsPythonDoesReadsBack() throws {
        let escaped = "사람인 면접".unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u%04x", $0.value) }.joined()
        let dto = try Network<AnalysisReportResponseDTO>.decode(Self.report(summary: String(repeating: escaped, count: 10_000)))
        #expect(dto.result?.tips?.summary == String(repeating: "사람인 면접", count: 10_000))
    }
}
