import Foundation
import ReportFuzzing
import Testing

/// Every seed and every input the fuzzer once failed on goes through the harness on each
/// `swift test`, so a fixed bug stays fixed. A crash here takes the test process down, which fails
/// the run as loudly as the fuzzer would.
@Suite("Fuzz inputs replayed through the response path")
struct ResponsePathReplayTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(in folder: String) -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    @Test func theSeedCorpusIsThere() {
        #expect(Self.inputs(in: "corpus").count >= 10)
    }

    /// The regressions are what the fuzzer found and was fixed: if the folder went missing or
    /// empty (a bad checkout, a move), the replay below would pass by testing nothing.
    @Test func theRegressionsAreThere() {
        let names = Self.inputs(in: "regressions").map(\.lastPathComponent)
        #expect(names.count >= 2)
        #expect(names.contains("grapheme-wider-than-the-line"))
        #expect(names.contains("carriage-return-in-tips-summary"))
    }

    @Test(arguments: inputs(in: "corpus"))
    func seed(_ file: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(ResponsePathCase.problems(in: bytes) == [], "\(file.lastPathComponent)")
    }

    @Test(arguments: inputs(in: "regressions"))
    func regression(_ file: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(ResponsePathCase.problems(in: bytes) == [], "\(file.lastPathComponent)")
    }
}

@Suite("The fuzz harness reaches the rendering")
struct ResponsePathHarnessTests {
    @Test func aDemoSeedIsRenderedBothWays() throws {
        let file = ResponsePathReplayTests.fuzzDirectory.appendingPathComponent("corpus/seed-1001")
        let outcome = ResponsePathCase.run([UInt8](try Data(contentsOf: file)))
        #expect(outcome.text?.contains("사람인") == true)
        #expect(outcome.json?.contains("\"schemaVersion\"") == true)
        #expect(outcome.problems == [])
    }

    @Test func controlCharactersInTheTerminalTextAreReported() {
        #expect(ResponsePathCase.terminalProblems(in: "a\u{1B}]0;title\u{07}\n", color: false) != [])
        #expect(ResponsePathCase.terminalProblems(in: "\u{1B}[1m굵게\u{1B}[0m\n", color: true) == [])
        #expect(ResponsePathCase.terminalProblems(in: "\u{1B}[2J\n", color: true) != [])
    }

    @Test func markupFromTheServiceInTheSharedFormatsIsReported() {
        #expect(SharedFormatProblems.html("<p>&lt;b&gt;</p></body>\n</html>\n") == [])
        #expect(SharedFormatProblems.html("<p><script>x</script></p></body>\n</html>\n") != [])
        #expect(SharedFormatProblems.markdown("| a | b |\n| --- | --- |\n| x\\|y | z |\n") == [])
        #expect(SharedFormatProblems.markdown("| a | b |\n| --- | --- |\n| x|y | z |\n") != [])
        #expect(SharedFormatProblems.markdown("a\u{1B}[2J\n") != [])
    }
}
