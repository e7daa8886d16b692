import Foundation
import Testing
import TestSupport

/// `report fetch --format markdown|html`: the options and their refusals, `-o`, a batch in one
/// document, and text from the service that must stay text (in-process, against the demo server
/// or a loopback server of hostile strings). What the documents look like is in the golden files
/// (GoldenTests) and in a browser (HTMLRenderTests).
@Suite("Sharing a report: --format markdown and html")
struct ShareFormatTests {
    private func demoEnvironment() -> [String: String] {
        ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]
    }

    @Test(arguments: [
        (["--json", "--format", "html"], "--json is --format json; it does not go with --format html"),
        (["--json", "--format", "markdown"], "--json is --format json; it does not go with --format markdown"),
        (["--jsonl", "--format", "markdown"], "--jsonl prints JSON Lines; it does not go with --format markdown"),
        (["--jsonl", "--format", "json"], "--jsonl prints JSON Lines; it does not go with --format json"),
        (["--format", "json", "--explain"], "--explain adds the hints for a person to one report; it does not go with --json, --jsonl or several terms"),
    ])
    func contradictoryFormatsAreUsageErrors(extra: [String], message: String) async {
        let result = await reportInProcess(["fetch", "1001"] + extra, environment: demoEnvironment())
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func anUnknownFormatIsAUsageErrorNamingTheChoices() async {
        let result = await reportInProcess(["fetch", "1001", "--format", "pdf"], environment: demoEnvironment())
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("report: "), "\(result.stderr)")
        #expect(result.stderr.contains("markdown") && result.stderr.contains("html"), "\(result.stderr)")
    }

    @Test func formatJSONIsTheJSONFlag() async throws {
        let flag = await reportInProcess(["fetch", "1001", "--json"], environment: demoEnvironment())
        let option = await reportInProcess(["fetch", "1001", "--format", "json"], environment: demoEnvironment())
        #expect(option.status == 0)
        #expect(option.stdout == flag.stdout)
        // Its errors are JSON objects too, those of the command line included.
        let usage = await reportInProcess(["fetch", "1001", "--format", "json", "--trem", "3"], environment: demoEnvironment())
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("{\"error\""), "\(usage.stderr)")
        let missing = await reportInProcess(["fetch", "9999", "--format=json"], environment: demoEnvironment())
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("{\"error\""), "\(missing.stderr)")
        // --format text is the default.
        let text = await reportInProcess(["fetch", "1001", "--format", "text"], environment: demoEnvironment())
        let plain = await reportInProcess(["fetch", "1001"], environment: demoEnvironment())
        #expect(text.stdout == plain.stdout)
    }

    @Test func markdownAndHTMLCarryNoTerminalEscapesEvenWhenColourIsForced() async {
        for format in ["markdown", "html"] {
            let result = await reportInProcess(["fetch", "1001", "--format", format, "--color", "always"],
                                               environment: demoEnvironment(), columns: 80)
            #expect(result.status == 0)
            #expect(!result.stdout.contains("\u{1B}"), "\(format)")
        }
    }

    @Test func explainAddsTheHintsToTheDocument() async {
        let markdown = await reportInProcess(["fetch", "1003", "--explain", "--format", "markdown"], environment: demoEnvironment())
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.contains("\n## How to read this report\n\n### Tips: "), "\(markdown.stdout)")
        let html = await reportInProcess(["fetch", "1003", "--explain", "--format", "html"], environment: demoEnvironment())
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stdout.contains("<section class=\"hints\">\n<h2>How to read this report</h2>"))
        // Inside the page: nothing after its end.
        #expect(html.stdout.hasSuffix("</article>\n</body>\n</html>\n"))
    }

    @Test func aPendingAnalysisWritesItsTitleAndExits75() async {
        let result = await reportInProcess(["fetch", "1005", "--format", "html"], environment: demoEnvironment())
        #expect(result.status == 75)
        #expect(result.stdout.contains("<p class=\"status-pending\">The analysis is not finished yet: this page shows the interview only.</p>"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("<section>"))
        #expect(result.stderr.contains("analysis"), "\(result.stderr)")
    }

    // MARK: what a shared page is, in plain words

    /// The in-process clock: 2026-11-18 11:06:40 UTC, 20:06 in Seoul.
    static let exportedAt: Int64 = 1_795_000_000

    @Test(arguments: ["markdown", "html"])
    func aReportSaysWhatItIsAndWhenItWasExported(format: String) async {
        let result = await reportInProcess(["fetch", "1001", "--format", format], environment: demoEnvironment(),
                                           secondsSince1970: Self.exportedAt)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Analysis report of the company interview (basic level) taken on 2 Nov 2026 10:15 KST, "
                                       + "exported 18 Nov 2026 20:06 KST"), "\(result.stdout)")
        // The export time is the run's clock, not the interview's.
        let later = await reportInProcess(["fetch", "1001", "--format", format], environment: demoEnvironment(),
                                          secondsSince1970: Self.exportedAt + 86_400 * 8 + 60)
        #expect(later.stdout.contains("exported 26 Nov 2026 20:07 KST"), "\(later.stdout)")
    }

    @Test(arguments: ["markdown", "html"])
    func aReportShowsNoInternalWords(format: String) async {
        let result = await reportInProcess(["fetch", "1001", "--format", format], environment: demoEnvironment())
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["term 1001", "BASIC", "analysis ready"] {
            #expect(!result.stdout.contains(word), "\(format) shows \(word)")
        }
        #expect(result.stdout.contains("Interview number 1001"), "the reference, labelled")
    }

    @Test func theGaugeReadsAsAPercentileNotAScore() async {
        let result = await reportInProcess(["fetch", "1001", "--format", "html"], environment: demoEnvironment())
        let gauge = result.stdout.components(separatedBy: "<svg class=\"gauge\"").dropFirst().first?
            .components(separatedBy: "</svg>").first ?? ""
        #expect(gauge.contains(">top</text>") && gauge.contains(">26%</text>"), "\(gauge)")
        #expect(!gauge.contains(">74<") && !gauge.contains(">100<"), "no bare 74 out of 100: \(gauge)")
        #expect(result.stdout.contains("ahead of 74% of those who took it"))
    }

    @Test func markdownFramesThePercentileAsTheTerminalDoes() async {
        let result = await reportInProcess(["fetch", "1001", "--format", "markdown"], environment: demoEnvironment())
        #expect(result.stdout.contains("## Aptitude — grade B, top 26% (ahead of 74% of those who took it)"), "\(result.stdout)")
        let header = result.stdout.split(separator: "\n").first { $0.hasPrefix("| Game") } ?? ""
        #expect(!header.contains("Percentile") && header.contains("Standing"), "a column of 'top 19%' is not a percentile: \(header)")
    }

    @Test func trendAndComparePagesSayWhatTheyAreAndWhenTheyWereExported() async {
        let trend = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--format", "html"],
                                          environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
        #expect(trend.status == 0, "\(trend.stderr)")
        #expect(trend.stdout.contains("<p class=\"about\">Progress over 5 interviews taken from "), "\(trend.stdout)")
        #expect(trend.stdout.contains(", exported 18 Nov 2026 20:06 KST</p>"), "\(trend.stdout)")
        for format in ["html", "markdown"] {
            let compare = await reportInProcess(["compare", "1031", "1035", "--format", format],
                                                environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
            #expect(compare.status == 0, "\(compare.stderr)")
            #expect(compare.stdout.contains("Comparison of the analysis reports of two interviews, exported 18 Nov 2026 20:06 KST"),
                    "\(compare.stdout)")
            #expect(compare.stdout.contains("the personality interview (basic level) taken on "), "\(compare.stdout)")
            #expect(!compare.stdout.contains("BASIC") && !compare.stdout.contains("term 103"), "no internal words: \(compare.stdout)")
        }
        #expect(!trend.stdout.contains("BASIC") && !trend.stdout.contains("term 103"), "no internal words: \(trend.stdout)")
    }

    @Test(arguments: ["markdown", "html"])
    func dashOWritesTheDocumentAtomically(format: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-share-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report-1001").path
        let shown = await reportInProcess(["fetch", "1001", "--format", format], environment: demoEnvironment())
        let result = await reportInProcess(["fetch", "1001", "--format", format, "-o", file], environment: demoEnvironment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        let written = try #require(FileManager.default.contents(atPath: file))
        #expect(String(decoding: written, as: UTF8.self) == shown.stdout, "the file holds what stdout would")
        // A failure leaves the file as it was, and no temporary file behind.
        let failed = await reportInProcess(["fetch", "9999", "--format", format, "-o", file], environment: demoEnvironment())
        #expect(failed.status == 66)
        #expect(FileManager.default.contents(atPath: file) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report-1001"])
        // A path that cannot be written fails before anything is fetched.
        let refused = await reportInProcess(["fetch", "1001", "--format", format, "-o", "/nonexistent-dir/r"],
                                            environment: demoEnvironment())
        #expect(refused.status == 73)
        #expect(refused.stderr.hasPrefix("report: cannot write -o /nonexistent-dir"), "\(refused.stderr)")
    }

    @Test func aMarkdownBatchIsOneDocumentOfItsReports() async {
        let result = await reportInProcess(["fetch", "1001", "1002", "9999", "--format", "markdown"], environment: demoEnvironment())
        #expect(result.status == 1, "some fetched, one not: \(result.stderr)")
        let titles = result.stdout.split(separator: "\n").filter { $0.hasPrefix("# ") }
        #expect(titles == ["# 사람인 · iOS 개발 · 경력 3년", "# 카카오 · 백엔드 개발 · 신입"], "\(titles)")
        #expect(result.stdout.components(separatedBy: "\n\n---\n\n").count == 2, "one break between the two reports")
        #expect(result.stderr.contains("report: term 9999:"), "\(result.stderr)")
        #expect(result.stderr.contains("2 of 3 fetched"), "\(result.stderr)")
    }

    @Test func anHTMLBatchIsOnePageOfItsReports() async throws {
        let result = await reportInProcess(["fetch", "1001", "9999", "1002", "--format", "html"], environment: demoEnvironment())
        #expect(result.status == 1, "\(result.stderr)")
        let page = result.stdout
        #expect(page.components(separatedBy: "<!DOCTYPE html>").count == 2, "one page")
        #expect(page.components(separatedBy: "<article class=\"report\">").count == 3, "two reports")
        #expect(page.contains("<title>Interview reports</title>"))
        #expect(page.hasSuffix("</article>\n</body>\n</html>\n"))
        #expect(try await HTMLDocumentCheck.check(page).status == 0)
        // Nothing fetched: nothing written, not even the page's head.
        let none = await reportInProcess(["fetch", "9998", "9999", "--format", "html"], environment: demoEnvironment())
        #expect(none.status == 66)
        #expect(none.stdout == "")
    }

    // MARK: report trend --format html

    @Test(arguments: [
        (["--json", "--format", "html"], "--json is --format json; it does not go with --format html"),
        (["--jsonl", "--format", "html"], "--jsonl prints JSON Lines; it does not go with --format html"),
    ])
    func contradictoryTrendFormatsAreUsageErrors(extra: [String], message: String) async {
        let result = await reportInProcess(["trend"] + extra, environment: demoEnvironment())
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func trendAsHTMLIsOnePageWrittenAtomicallyWithDashO() async throws {
        let shown = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--format", "html"],
                                          environment: demoEnvironment())
        #expect(shown.status == 0, "\(shown.stderr)")
        let page = shown.stdout
        #expect(page.contains("<h1>Trend over 5 interviews</h1>"))
        #expect(page.contains("<td>책임감</td><td><svg class=\"spark\""), "a sparkline a trait")
        #expect(page.hasSuffix("</article>\n</body>\n</html>\n"))
        #expect(try await HTMLDocumentCheck.check(page, expectTitle: "Trend over 5 interviews").status == 0)
        // --format json is --json.
        let json = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--format", "json"], environment: demoEnvironment())
        let flag = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--json"], environment: demoEnvironment())
        #expect(json.stdout == flag.stdout && json.status == 0)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-trend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trend.html").path
        let written = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--format", "html", "-o", file],
                                            environment: demoEnvironment())
        #expect(written.status == 0 && written.stdout == "")
        #expect(FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } == page)
        // Too few interviews: the file is left as it was.
        let none = await reportInProcess(["trend", "--since", "2030-01-01", "--format", "html", "-o", file], environment: demoEnvironment())
        #expect(none.status == 66)
        #expect(FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } == page)
    }

    // MARK: Text from the service stays text

    static let hostileInterview = #"{"termNo": 1001, "companyName": "<b>Acme</b> & *Co*", "occupationName": "iOS | \"dev\"", "careerName": "`3y`", "regDate": "2026-11-02T10:15:00+09:00", "itemTypeCode": "COMPANY", "programLevel": "[BASIC](http://evil.example)", "analysisStatus": "DONE"}"#
    static let hostileReport = ##"{"result": {"tips": {"summary": "# not a heading\n1. not a list\n<script>alert(1)</script>", "items": [{"category": "answer", "title": "**bold** _it_ ~~gone~~ $x$", "body": "line one\n- not an item\n    not code"}]}, "character": {"type": "A|B", "description": "\" onmouseover=\"x", "traits": [{"name": "x|y<z>", "score": 80, "level": "HIGH", "comment": "first\nsecond | third"}]}, "aptitude": {"grade": "B", "percentile": 74, "games": [{"name": "g'1\"", "score": 10, "maxScore": 20, "percentile": 50, "comment": "\\`tick"}]}, "keyword": ["a`b", "<c>", "#123"]}}"##

    private func hostileService() throws -> LoopbackServer {
        try LoopbackServer(routes: [
            "/v1/interviews/1001": LoopbackServer.json(200, Self.hostileInterview),
            "/v1/analysis/report": LoopbackServer.json(200, Self.hostileReport),
            "/v1/service/status": LoopbackServer.json(200, #"{"status": "OK", "message": null, "until": null}"#),
        ])
    }

    @Test func markdownEscapesWhatTheServiceSends() async throws {
        let server = try hostileService()
        defer { server.stop() }
        let result = await reportInProcess(["fetch", "1001", "--format", "markdown"],
                                           environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "at-test"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == #"# \<b\>Acme\</b\> \& \*Co\* · iOS \| "dev" · \`3y\`"#, "\(lines.first ?? "")")
        #expect(lines.contains(##"\# not a heading\"##), "\(result.stdout)")
        #expect(lines.contains(#"1\. not a list\"#))
        #expect(lines.contains(#"\<script\>alert(1)\</script\>"#))
        #expect(lines.contains(#"- **\*\*bold\*\* \_it\_ \~\~gone\~\~ \$x\$** (Answer)\"#))
        #expect(lines.contains(#"  \- not an item\"#))
        #expect(lines.contains("  not code"), "leading spaces dropped: four would make a code block")
        // Table rows: as many cells as the header, whatever the service's text holds.
        let rows = lines.filter { $0.hasPrefix("| ") }
        #expect(rows.count == 6, "\(rows)")
        for row in rows {
            #expect(Self.unescapedPipes(in: row) == 5, "\(row)")
        }
        #expect(rows.contains { $0.contains(#"x\|y\<z\>"#) && $0.contains(#"first<br>second \| third"#) }, "\(rows)")
        #expect(lines.contains("``a`b`` `<c>` `#123`"), "keywords as code spans, whatever they hold")
    }

    static let linkingInterview = #"{"termNo": 1001, "companyName": "@acme (www.acme.example)", "occupationName": "iOS", "careerName": "3y", "regDate": "2026-11-02T10:15:00+09:00", "itemTypeCode": "COMPANY", "programLevel": "BASIC", "analysisStatus": "DONE"}"#
    static let linkingReport = ##"{"result": {"tips": {"summary": "Ask @octocat or @github/security-team\nhttps://evil.example/login?next=1 and http://evil.example", "items": [{"category": "answer", "title": "www.example.com", "body": "write to first.last+tag@example.co.kr\nWWW.Example.org, ftp://files.example"}]}, "character": {"type": "@team", "description": "see (https://x.example)", "traits": [{"name": "mail a_b@c-d.example", "score": 80, "level": "HIGH", "comment": "www.example.com | @team-x"}]}, "keyword": ["plain"]}}"##

    /// GitHub makes mentions (which notify people) and links of plain text: none of the service's
    /// text may become one where the Markdown is pasted, and it still reads the same.
    @Test func markdownLeavesNoMentionOrLinkGitHubWouldMake() async throws {
        let server = try LoopbackServer(routes: [
            "/v1/interviews/1001": LoopbackServer.json(200, Self.linkingInterview),
            "/v1/analysis/report": LoopbackServer.json(200, Self.linkingReport),
            "/v1/service/status": LoopbackServer.json(200, #"{"status": "OK", "message": null, "until": null}"#),
        ])
        defer { server.stop() }
        let result = await reportInProcess(["fetch", "1001", "--format", "markdown"],
                                           environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "at-test"])
        #expect(result.status == 0, "\(result.stderr)")
        // GitHub's rules: a mention or team, a URL, a www. address, an e-mail address.
        for pattern in [#"@[A-Za-z0-9-]"#, #"(?i)https?://"#, #"://"#, #"(?i)www\."#, #"[\w.+-]+@[\w-]+\."#] {
            let live = result.stdout.matches(of: try Regex(pattern)).map { String(result.stdout[$0.range]) }
            #expect(live.isEmpty, "\(pattern): \(live)")
        }
        let read = result.stdout.replacingOccurrences(of: "\u{2060}", with: "")
        #expect(read.hasPrefix("# @acme (www.acme.example) · iOS · 3y\n"), "\(read)")
        #expect(read.contains("Ask @octocat or @github/security-team\\\nhttps://evil.example/login?next=1 and http://evil.example\n"))
        #expect(read.contains("- **www.example.com** (Answer)\\\n  write to first.last+tag@example.co.kr\\\n  WWW.Example.org, ftp://files.example\n"))
        #expect(read.contains("— @team\n"))
        #expect(read.contains("see (https://x.example)"))
        #expect(read.contains("mail a\\_b@c-d.example") && read.contains(#"www.example.com \| @team-x"#), "\(read)")
    }

    @Test func htmlEscapesWhatTheServiceSends() async throws {
        let server = try hostileService()
        defer { server.stop() }
        let result = await reportInProcess(["fetch", "1001", "--format", "html"],
                                           environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "at-test"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = result.stdout
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b>") && !page.contains("<z>") && !page.contains("<c>"))
        #expect(page.contains("<h1>&lt;b&gt;Acme&lt;/b&gt; &amp; *Co* · iOS | &quot;dev&quot; · `3y`</h1>"), "\(page)")
        #expect(page.contains("&quot; onmouseover=&quot;x"))
        #expect(page.contains("aria-label=\"g&#39;1&quot;: 10/20, top 50%\""))
        let check = try await HTMLDocumentCheck.check(page, expectTitle: "<b>Acme</b> & *Co* · iOS | \"dev\" · `3y`")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// The `|` of a Markdown table row that separate cells (not those escaped with a backslash).
    static func unescapedPipes(in row: String) -> Int {
        var count = 0, escaped = false
        for character in row {
            if character == "|" && !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }
}
