import Foundation
import Terminal
import Testing
import TestSupport

/// What a terminal `N` columns wide was given fits in it: no line of standard output in a golden
/// transcript `*-N.txt` (English and Korean) is wider than N display columns — a Korean syllable
/// takes two, a colour escape none.
@Suite("Golden files fit their width")
struct GoldenWidthTests {
    /// The stdout sections of a transcript (its command lines and stderr are not the terminal's).
    static func standardOutputLines(of transcript: String) -> [Substring] {
        var lines: [Substring] = []
        var inStdout = false
        for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "--- stdout" { inStdout = true; continue }
            if line == "--- stderr" { inStdout = false; continue }
            if inStdout { lines.append(line) }
        }
        return lines
    }

    /// Display columns, colour escapes (`ESC [ … m`) counting none.
    static func width(_ line: some StringProtocol) -> Int {
        TextLayout.width(of: line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression))
    }

    static let files: [(name: String, columns: Int)] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: GoldenTests.directory.path)) ?? []
        return names.sorted().compactMap { name in
            for columns in GoldenTests.widths where name.hasSuffix("-\(columns).txt") { return (name, columns) }
            return nil
        }
    }()

    @Test func thereAreFilesToCheck() {
        #expect(Self.files.count >= 42, "\(Self.files.map(\.name))")
    }

    @Test(arguments: files.map(\.name))
    func noLineIsWiderThanItsTerminal(_ name: String) throws {
        let columns = try #require(Self.files.first { $0.name == name }?.columns)
        let text = try String(contentsOf: GoldenTests.directory.appendingPathComponent(name), encoding: .utf8)
        let wide = Self.standardOutputLines(of: text).filter { Self.width($0) > columns }
        let shown = wide.prefix(8).map { "  [\(Self.width($0))] \($0)" }.joined(separator: "\n")
        #expect(wide.isEmpty, "\(name): \(wide.count) lines wider than \(columns) columns:\n\(shown)")
    }
}

/// Colour escapes take no column: the coloured output of a command, its escapes removed, is laid
/// out as the plain one — the same lines, the widest as wide (trend's `Improved most: … ▲` line
/// does not wrap in colour where it fits without).
@Suite("Colour takes no width")
struct ColourWidthTests {
    static let commands: [[String]] = GoldenTests.colorTranscripts.flatMap(\.commands)
        .map { $0.filter { $0 != "--color" && $0 != "always" } }
        + [["compare", "1031", "1035"], ["check"], ["status"], ["hint", "tips"], ["fetch", "1003", "--explain"]]

    @Test(.tags(.slow), arguments: [40, 80, 120])
    func colourIsNeverCountedAsWidth(columns: Int) async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let environment = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"]
        for language in [[], ["--lang", "ko"]] {
            for command in Self.commands {
                let plain = await reportInProcess(command + language, environment: environment, columns: columns)
                let coloured = await reportInProcess(command + language + ["--color", "always"], environment: environment, columns: columns)
                #expect(coloured.stdout.contains("\u{1B}["), "\(command + language): no colour")
                let visible = coloured.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                func normalized(_ text: String) -> String {
                    text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
                }
                let widest = { (text: String) in text.split(separator: "\n").map { TextLayout.width(of: $0) }.max() ?? 0 }
                #expect(widest(normalized(visible)) == widest(normalized(plain.stdout)), "\(command + language) at \(columns)")
                #expect(normalized(visible) == normalized(plain.stdout),
                        "\(command + language) at \(columns): \(GoldenTests.firstDifference(normalized(plain.stdout), normalized(visible)))")
            }
        }
    }
}
