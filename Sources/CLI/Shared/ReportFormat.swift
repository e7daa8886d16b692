import ArgumentParser

/// `report fetch --format`: how a report is written.
enum ReportFormat: String, CaseInsensitiveChoice, Sendable {
    init?(argument: String) { self.init(anyCase: argument) }

    /// For a person at a terminal (the default).
    case text
    /// The `--json` document.
    case json
    /// Headings, tables and Unicode bars, to paste into a note or an issue.
    case markdown
    /// One self-contained page (inline CSS and SVG, no scripts) to open, share or print to PDF.
    case html

    /// Whether the arguments ask for JSON output (`--json`, `--jsonl`, `--format json`), so that
    /// an argument error is written as a JSON object too.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        for (index, argument) in arguments.enumerated() {
            if argument == "--json" || argument == "--jsonl" || argument == "--format=json" { return true }
            if argument == "--format", index + 1 < arguments.count, arguments[index + 1] == "json" { return true }
        }
        return false
    }
}
