import ArgumentParser

/// `report compare --format`.
enum CompareFormat: String, CaseInsensitiveChoice, Sendable {
    /// For a person at a terminal (the default).
    case text
    /// The `--json` document.
    case json
    /// To paste into a note or an issue.
    case markdown
    /// One self-contained page to share or print.
    case html
    /// One table, a row a measure (`ComparisonCSV`).
    case csv

    init?(argument: String) { self.init(anyCase: argument) }
}
