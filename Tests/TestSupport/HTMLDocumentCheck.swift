import Foundation

/// Tests/Scripts/check_html_report.py without the browser (the browser runs are BrowserTests'
/// HTMLRenderTests): for the in-process tests of `--format html`.
public enum HTMLDocumentCheck {
    /// Runs the checker on a page held in memory: its parse errors and what is not
    /// self-contained, on stdout.
    public static func check(_ page: String, expectTitle: String? = nil) async throws -> RunResult {
        let script = Paths.repository.appendingPathComponent("Tests/Scripts/check_html_report.py").path
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-page-\(UUID().uuidString).html")
        try Data(page.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await run(URL(fileURLWithPath: "/usr/bin/env"),
                             ["python3", script, file.path] + (expectTitle.map { ["--expect-title", $0] } ?? []))
    }
}
