import Foundation
import Testing
import TestSupport

/// The human output of `report`, byte for byte, at 40, 80 and 120 columns: every demo term with
/// `fetch` (and the video section, and a term that does not exist), `list`, `status`, `check` and
/// `hint`; `fetch --format markdown` and one `--format html` page; the trend and compare pages
/// (`compare --format markdown`, one compare and one trend page), each in English and Korean. Each `.txt` file in
/// Tests/CLITests/Golden is a transcript: the command, its exit status, its stdout and its
/// stderr. Durations read `(N ms)` and the server's address `$REPORT_BASE_URL`. Each transcript
/// has a Korean file beside the English one (`fetch-ko-80.txt`: the same commands with `--lang ko`).
///
/// After a deliberate change to the output, rewrite the files with `scripts/update-golden` (it
/// runs these tests with REPORT_UPDATE_GOLDEN=1) and review the diff.
@Suite("Golden files: the human output at three widths", .serialized)
struct GoldenTests {
    static let widths = [40, 80, 120]
    static let directory = Paths.repository.appendingPathComponent("Tests/CLITests/Golden")
    static let updating = ProcessInfo.processInfo.environment["REPORT_UPDATE_GOLDEN"] == "1"

    /// Every term of the demo data, in order.
    static let demoTerms: [String] = {
        let folder = Paths.repository.appendingPathComponent("ServerData/demo/interviews")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
            .sorted { Int($0) ?? 0 < Int($1) ?? 0 }
    }()

    static let transcripts: [(name: String, commands: [[String]])] = [
        ("fetch", demoTerms.map { ["fetch", "--term", $0] }
            + [["fetch", "--term", "1001", "--section", "video"], ["fetch", "--term", "1003", "--explain"],
               ["fetch", "--term", "9999"]]),
        ("list", [["list"], ["list", "--page", "2", "--limit", "5"], ["list", "--kind", "personality", "--limit", "3"],
                  ["list", "--page", "9"]]),
        ("status", [["status"]]),
        ("check", [["check"], ["check", "--term", "1002"], ["check", "--term", "1005"]]),
        ("hint", ["tips", "character", "aptitude", "keywords", "video"].map { ["hint", $0] }),
        ("compare", [["compare", "1031", "1035"], ["compare", "1001", "1004"], ["compare", "1002", "1001"],
                     ["compare", "--latest", "2", "--kind", "competency"], ["compare", "1001", "1005"]]),
        ("trend", [["trend"], ["trend", "--kind", "personality", "--last", "5"], ["trend", "--kind", "company", "--since", "2026-06-01"],
                   ["trend", "--since", "2030-01-01"]]),
    ]

    @Test(.tags(.slow), arguments: widths)
    func humanOutputMatchesTheGoldenFiles(columns: Int) async throws {
        try await Self.matchGoldenFiles(Self.transcripts, columns: columns)
    }

    /// Every transcript in Korean (`--lang ko`): the same commands as the English ones, into
    /// `fetch-ko-N.txt`, `list-ko-N.txt`, `compare-ko-N.txt` and so on.
    static let koreanTranscripts = transcripts
        .map { (name: $0.name + "-ko", commands: $0.commands.map { $0 + ["--lang", "ko"] }) }

    @Test(.tags(.slow), arguments: widths)
    func koreanOutputMatchesTheGoldenFiles(columns: Int) async throws {
        try await Self.matchGoldenFiles(Self.koreanTranscripts, columns: columns)
    }

    /// The coloured output (`--color always`: ANSI escapes, as a terminal gets them) of `fetch`
    /// (a term with every section), `list` and `trend`, at 40 and 80 columns, in English and in
    /// Korean: `fetch-color-40.txt`, `trend-color-ko-80.txt` and so on.
    static let colorTranscripts: [(name: String, commands: [[String]])] = [
        ("fetch-color", [["fetch", "1001", "--color", "always"]]),
        ("list-color", [["list", "--color", "always"]]),
        ("trend-color", [["trend", "--color", "always"], ["trend", "--kind", "personality", "--last", "5", "--color", "always"]]),
    ]
    static let koreanColorTranscripts = colorTranscripts
        .map { (name: $0.name + "-ko", commands: $0.commands.map { $0 + ["--lang", "ko"] }) }

    @Test(.tags(.slow), arguments: [40, 80])
    func colouredOutputMatchesTheGoldenFiles(columns: Int) async throws {
        try await Self.matchGoldenFiles(Self.colorTranscripts + Self.koreanColorTranscripts, columns: columns)
    }

    /// Runs each transcript's commands in-process at `columns` against a server of its own
    /// (analyses that finish after some polls start from the beginning) and compares the
    /// transcript with its golden file.
    static func matchGoldenFiles(_ transcripts: [(name: String, commands: [[String]])], columns: Int) async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let environment = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"]
        for transcript in transcripts {
            var text = ""
            for arguments in transcript.commands {
                let result = await reportInProcess(arguments, environment: environment, columns: columns)
                text += "$ report \(arguments.joined(separator: " "))\n[exit \(result.status)]\n"
                text += "--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)\n"
            }
            try compare(normalized(text, baseURL: server.baseURL), toFile: "\(transcript.name)-\(columns).txt")
        }
    }

    /// The shared formats, whose text does not depend on a terminal's width: a transcript of
    /// `--format markdown` (each kind, a null section, pending, video, `--explain`, a batch) in a
    /// pipe, and the HTML pages of term 1001 as files of their own, to open in a browser.
    static let markdownCommands: [[String]] = ["1001", "1002", "1003", "1004", "1005", "1007"].map { ["fetch", $0] }
        + [["fetch", "1001", "--section", "aptitude,video"], ["fetch", "1003", "--explain"], ["fetch", "1001", "1002"]]

    @Test func markdownAndHTMLMatchTheGoldenFiles() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let environment = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"]
        var text = ""
        for arguments in Self.markdownCommands {
            let result = await reportInProcess(arguments + ["--format", "markdown"], environment: environment)
            text += "$ report \((arguments + ["--format", "markdown"]).joined(separator: " "))\n[exit \(result.status)]\n"
            text += "--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)\n"
        }
        try Self.compare(Self.normalized(text, baseURL: server.baseURL), toFile: "fetch-markdown.txt")
        let page = await reportInProcess(["fetch", "1001", "--format", "html"], environment: environment)
        #expect(page.status == 0, "\(page.stderr)")
        try Self.compare(page.stdout, toFile: "fetch-1001.html")
        var korean = ""
        for arguments in Self.markdownCommands {
            let command = arguments + ["--format", "markdown", "--lang", "ko"]
            let result = await reportInProcess(command, environment: environment)
            korean += "$ report \(command.joined(separator: " "))\n[exit \(result.status)]\n"
            korean += "--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)\n"
        }
        try Self.compare(Self.normalized(korean, baseURL: server.baseURL), toFile: "fetch-ko-markdown.txt")
        let koreanPage = await reportInProcess(["fetch", "1001", "--format", "html", "--lang", "ko"], environment: environment)
        #expect(koreanPage.status == 0, "\(koreanPage.stderr)")
        #expect(koreanPage.stdout.contains("<html lang=\"ko\">") && page.stdout.contains("<html lang=\"en\">"))
        try Self.compare(koreanPage.stdout, toFile: "fetch-ko-1001.html")
    }

    /// The trend and compare pages a member shares, in English and in Korean: `compare --format
    /// markdown` as a transcript (`compare-markdown.txt`, `compare-ko-markdown.txt`), one compare
    /// page (`compare-1001-1004.html`, `compare-ko-1001-1004.html`) and one trend page
    /// (`trend-personality.html`, `trend-ko-personality.html`), exported at the in-process clock's
    /// fixed time.
    static let compareMarkdownCommands: [[String]] = [["compare", "1031", "1035"], ["compare", "1001", "1004"],
                                                      ["compare", "1002", "1001"], ["compare", "--latest", "2", "--kind", "competency"]]

    @Test func trendAndComparePagesMatchTheGoldenFiles() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let environment = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42"]
        for (suffix, language) in [("", ["--lang", "en"]), ("-ko", ["--lang", "ko"])] {
            var text = ""
            for arguments in Self.compareMarkdownCommands {
                let command = arguments + ["--format", "markdown"] + language
                let result = await reportInProcess(command, environment: environment)
                text += "$ report \(command.joined(separator: " "))\n[exit \(result.status)]\n"
                text += "--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)\n"
            }
            try Self.compare(Self.normalized(text, baseURL: server.baseURL), toFile: "compare\(suffix)-markdown.txt")
            let compare = await reportInProcess(["compare", "1001", "1004", "--format", "html"] + language, environment: environment)
            #expect(compare.status == 0, "\(compare.stderr)")
            try Self.compare(compare.stdout, toFile: "compare\(suffix)-1001-1004.html")
            let trend = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--format", "html"] + language,
                                              environment: environment)
            #expect(trend.status == 0, "\(trend.stderr)")
            try Self.compare(trend.stdout, toFile: "trend\(suffix)-personality.html")
        }
    }

    /// Compares `text` with the golden file `name`, or (REPORT_UPDATE_GOLDEN=1) writes it.
    static func compare(_ text: String, toFile name: String) throws {
        let file = directory.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .atomic)
            return
        }
        let expected = try? String(contentsOf: file, encoding: .utf8)
        #expect(expected != nil, "no golden file \(name): run scripts/update-golden")
        if let expected, expected != text {
            Issue.record("\(name) differs from the output:\n\(firstDifference(expected, text))\nrun scripts/update-golden after a deliberate change")
        }
    }

    /// Durations and the server's ephemeral port vary from run to run (a batch's summary ends
    /// `in 14 ms`).
    static func normalized(_ text: String, baseURL: String) -> String {
        text.replacingOccurrences(of: baseURL, with: "$REPORT_BASE_URL")
            .replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
            .replacingOccurrences(of: #"(?m)(fetched.*) in [0-9.]+ m?s$"#, with: "$1 in N ms", options: .regularExpression)
    }

    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
            let want = index < a.count ? String(a[index]) : "(end)"
            let got = index < b.count ? String(b[index]) : "(end)"
            return "line \(index + 1):\n  golden: \(want)\n  output: \(got)"
        }
        return "(same lines, different bytes)"
    }
}
