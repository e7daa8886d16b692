import Foundation
import Testing
import TestSupport

/// The page of `report fetch --format html` as a person gets it: the built `report` writes it with
/// `-o` from the reference server, then Tests/Scripts/check_html_report.py checks it — valid
/// HTML5 (html5lib) and self-contained, for every demo term; and in headless Chromium at A4 width
/// (not blank, nothing wider than the page at 400 — a phone —, 500, 688, 794 and 1000 px, no word
/// of Hangul or of English broken across two lines at any of them, Korean drawn with real glyphs
/// rather than tofu, every element of Korean text `word-break: keep-all`, printed to A4 PDF pages
/// with nothing in the right margin). The report, trend and compare pages each, in English and in
/// Korean, `<html lang>` the run's.
@Suite("The HTML report in an HTML5 parser and in a browser", .serialized, .tags(.slow))
struct HTMLRenderTests {
    static let script = Paths.repository.appendingPathComponent("Tests/Scripts/check_html_report.py").path

    /// Chromium, as scripts/bootstrap installs it; the browser test is skipped without it.
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private func writePage(_ arguments: [String], to file: URL) async throws -> RunResult {
        try await run(Paths.report, ["fetch"] + arguments + ["--format", "html", "-o", file.path],
                      environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"])
    }

    @Test func everyDemoReportIsValidHTML5AndSelfContained() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pages: [(String, [String])] = [
            ("1001 every section", ["1001", "--section", "title,tips,character,aptitude,keywords,video", "--explain"]),
            ("1002 personality", ["1002"]), ("1003 competency", ["1003"]), ("1004 a null section", ["1004"]),
            ("1005 pending", ["1005"]), ("1007 an unknown kind", ["1007"]),
            ("a batch", ["1001", "1002", "1003", "1008"]),
        ]
        for (name, arguments) in pages {
            let file = directory.appendingPathComponent("page.html")
            let written = try await writePage(arguments, to: file)
            #expect([0, 1, 75].contains(written.status), "\(name): \(written.stderr)")
            let check = try await run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.script, file.path])
            #expect(check.status == 0, "\(name): \(check.stdout)\(check.stderr)")
        }
    }

    /// The report, trend and compare pages, each in English and in Korean, as `report` writes
    /// them with `-o`: the command (without `--format html -o FILE --lang`), the page's `<h1>`
    /// when it is known, and the element whose Hangul is checked for tofu.
    struct Page: Sendable, CustomTestStringConvertible {
        let name: String
        let command: [String]
        let language: String
        var title: String?
        var korean = "h1"
        /// The trend and compare pages' layout (`--one-line-labels`): names, headers and
        /// `면접 번호 N` on one line at every width, every cell at 1000 px (the grade row too),
        /// each sparkline one line through its values across the interviews without one.
        var oneLine = false

        var testDescription: String { "\(name) (\(language))" }
    }

    static let pages: [Page] = ["en", "ko"].flatMap { language in [
        // Every section, the video answers and the hints: the most a page holds.
        Page(name: "report", command: ["fetch", "1001", "--section", "title,tips,character,aptitude,keywords,video", "--explain"],
             language: language, title: "사람인 · iOS 개발 · 경력 3년"),
        // Every finished interview: the widest table the demo data makes.
        Page(name: "trend", command: ["trend"], language: language, korean: language == "ko" ? "h1" : "table.trend td", oneLine: true),
        // Two company interviews, given newer first: every table (traits, aptitude, video), keywords.
        Page(name: "compare", command: ["compare", "1001", "1004"], language: language, korean: language == "ko" ? "h1" : "table.trend td",
             oneLine: true),
    ] }

    /// Writes `page` with the built `report` from the demo server and checks it in Chromium: at
    /// 400 (a phone) to 1000 px nothing wider than the window, no word broken across two lines,
    /// Korean `keep-all`, real glyphs rather than tofu, A4 PDF pages; and `<html lang>` the run's.
    /// The trend and compare pages' labels on one line and their sparklines unbroken too.
    @Test(.enabled(if: chromium != nil, "chromium is not installed (scripts/bootstrap installs it, with fonts-noto-cjk and poppler-utils)"),
          .timeLimit(.minutes(5)), arguments: pages)
    func rendersInChromiumAsAPersonSeesIt(_ page: Page) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(page.name)-\(page.language).html")
        let written = try await run(Paths.report, page.command + ["--format", "html", "--lang", page.language, "-o", file.path],
                                    environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"])
        #expect(written.status == 0, "\(written.stderr)")
        let clock = ContinuousClock()
        let start = clock.now
        let check = try await run(URL(fileURLWithPath: "/usr/bin/env"),
                                  ["python3", Self.script, file.path, "--browser", "--expect-lang", page.language, "--korean", page.korean]
                                      + (page.title.map { ["--expect-title", $0] } ?? []) + (page.oneLine ? ["--one-line-labels"] : []),
                                  environment: ["CHROMIUM": Self.chromium ?? ""], timeLimit: .seconds(240))
        let seconds = (clock.now - start) / .seconds(1)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.timedOut, "the browser checks took longer than 4 minutes")
        print("HTMLRenderTests: \(page.testDescription): the browser checks took \(Int(seconds.rounded())) s:\n\(check.stdout)")
    }
}
