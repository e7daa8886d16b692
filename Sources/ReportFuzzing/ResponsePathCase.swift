import CLI
import Data
import Domain
import Presentation
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs one fuzz input through the response path as `report fetch` does — bytes → DTOs → domain
/// → sections → text, `--json`, Markdown and HTML — and reports what a user would call a bug in
/// the output.
/// Crashes (traps, stack overflows, hangs) need no report: the fuzzer sees them itself.
package enum ResponsePathCase {
    /// What came out of one input: the text and the document, when the bodies were accepted.
    package struct Outcome: Sendable {
        package var text: String?
        package var json: String?
        /// What the output got wrong; empty when all is well. A body the client rejects is fine:
        /// it becomes an error message, and `report fetch` prints nothing on stdout.
        package var problems: [String] = []
    }

    package static func problems(in bytes: [UInt8]) -> [String] {
        run(bytes).problems
    }

    package static func run(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        guard let input = FuzzInput(bytes) else { return outcome }
        // A body that does not read must say why in one printable line.
        for body in [input.interviewBody, input.reportBody, input.videoBody].compactMap({ $0 }) {
            for read in [ReportResponseReader.interview, ReportResponseReader.analysisReport,
                         { _ = try ReportResponseReader.videoReport($0) }] as [([UInt8]) throws -> Any] {
                do { _ = try read(body) } catch {
                    let text = "\(error)"
                    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                        outcome.problems.append("an error message has a control character: \(text.debugDescription)")
                    }
                }
            }
        }
        let interview = try? ReportResponseReader.interview(input.interviewBody)
        guard let reportBody = input.reportBody else { return outcome }
        let result = try? ReportResponseReader.analysisReport(reportBody)
        let video: VideoReport?
        if input.selection?.contains(.video) == true {
            // The loader asks for the video report only with `--section video`; a failure fails the fetch.
            guard let read = try? ReportResponseReader.videoReport(input.videoBody ?? Array(#"{"result":null}"#.utf8))
            else { return outcome }
            video = read
        } else {
            if let videoBody = input.videoBody { _ = try? ReportResponseReader.videoReport(videoBody) }
            video = nil
        }
        guard let interview, let result else { return outcome }

        let report = TermReport(interview: interview, result: result, selection: input.selection, video: video)
        let shown = ReportViewData(report)
        let text = ReportRendering.text(shown, columns: input.columns, color: input.color)
        outcome.text = text
        outcome.problems += terminalProblems(in: text, color: input.color)
        let json = ReportRendering.json(report, pretty: input.prettyJSON)
        outcome.json = json
        outcome.problems += jsonProblems(in: json)
        // A fixed export time: the same input gives the same documents.
        let exportedAt: Int64 = 1_795_000_000
        outcome.problems += SharedFormatProblems.markdown(ReportRendering.markdown(shown, exportedAt: exportedAt))
        outcome.problems += SharedFormatProblems.html(ReportRendering.html(shown, exportedAt: exportedAt))
        return outcome
    }

    /// Text for a terminal may hold line breaks and, with colour, this client's own SGR sequences
    /// (`ESC [ digits m`); any other control character came from the service and could move the
    /// cursor, retitle the window or worse.
    package static func terminalProblems(in text: String, color: Bool) -> [String] {
        var problems: [String] = []
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\n" { continue }
            if color, scalar == "\u{1B}", let end = ownStyleSequenceEnd(in: scalars) {
                scalars = scalars[end...]
                continue
            }
            if scalar.properties.generalCategory == .control || isBidiControl(scalar) {
                problems.append("the terminal text holds U+\(String(scalar.value, radix: 16, uppercase: true))")
                break
            }
        }
        if !text.hasSuffix("\n") { problems.append("the terminal text does not end with a newline") }
        return problems
    }

    /// The end of `[1m`, `[0m`, `[32m`… right after an ESC, if that is what follows.
    private static func ownStyleSequenceEnd(in scalars: Substring.UnicodeScalarView.SubSequence) -> String.Index? {
        var rest = scalars
        guard rest.popFirst() == "[" else { return nil }
        var digits = 0
        while let next = rest.first, ("0"..."9").contains(next) {
            rest = rest.dropFirst()
            digits += 1
        }
        guard digits > 0, rest.popFirst() == "m" else { return nil }
        return rest.startIndex
    }

    /// Right-to-left overrides and isolates reorder what follows them on the line (Trojan Source).
    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The document must be one JSON object with the schema version, ending in a newline.
    package static func jsonProblems(in json: String) -> [String] {
        struct Envelope: Decodable { let schemaVersion: Int }
        var problems: [String] = []
        if !json.hasSuffix("\n") { problems.append("the --json document does not end with a newline") }
        do {
            _ = try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
        } catch {
            problems.append("the --json document does not read back: \(error)")
        }
        return problems
    }
}
