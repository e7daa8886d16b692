import Domain
import Presentation
import Terminal

/// `report list`'s rows for a person: a table that fits the terminal — columns dropped, then
/// shortened, by priority — or, in a pipe, one line of tab-separated fields an interview, with no
/// header and nothing cut (as `gh` does). The table speaks the language chosen; the lines of a
/// pipe are for scripts and are the same in every language.
struct InterviewTable: Sendable {
    let style: TextStyle
    /// The terminal's width; nil in a pipe.
    let columns: Int?
    /// The language of the table's headers and cells on a terminal.
    var words: Words = .english

    struct Column: Sendable {
        let name: String
        /// Lower goes first when the terminal is too narrow.
        let priority: Int
        /// The widest a cell may be (wider is cut with …).
        let maxWidth: Int
        let cell: @Sendable (InterviewPageViewData.Row) -> String
    }

    /// The columns in the language of `words`; a date in its table form ("2026.11.02 10:15").
    static func all(_ words: Words) -> [Column] {
        [
            Column(name: words[.columnTerm], priority: 6, maxWidth: 10) { $0.interview.termNo.description },
            Column(name: words[.columnDate], priority: 3, maxWidth: 20) { $0.tableDateText(words) },
            Column(name: words[.columnCompany], priority: 4, maxWidth: 16) { $0.interview.companyName ?? SectionFormatter.unknown },
            Column(name: words[.columnOccupation], priority: 1, maxWidth: 20) { $0.interview.occupationName ?? SectionFormatter.unknown },
            Column(name: words[.columnType], priority: 2, maxWidth: 22) { $0.kindText(words) },
            Column(name: words[.columnAnalysis], priority: 5, maxWidth: 8) { $0.analysisText(words) },
        ]
    }

    /// The fields of a pipe's line: always English, for scripts.
    static let pipeColumns = all(.english)

    static let gap = 2

    /// The columns shown and their widths, fixed from the first page so that later pages line up.
    struct Layout: Sendable {
        let columns: [(column: Column, width: Int)]
    }

    func layout(for rows: [InterviewPageViewData.Row]) -> Layout {
        var chosen = Self.all(words).map { column in
            (column: column, width: min(column.maxWidth, rows.map { TextLayout.width(of: column.cell($0)) }
                .reduce(TextLayout.width(of: column.name), max)))
        }
        guard let columns else { return Layout(columns: chosen) }
        func total() -> Int { chosen.map(\.width).reduce(0, +) + Self.gap * max(0, chosen.count - 1) }
        // Drop the least important columns while they do not fit, keeping at least two.
        while total() > columns, chosen.count > 2,
              let least = chosen.indices.min(by: { chosen[$0].column.priority < chosen[$1].column.priority }) {
            chosen.remove(at: least)
        }
        // Then shorten the widest text column to what is left.
        if total() > columns, let widest = chosen.indices.max(by: { chosen[$0].width < chosen[$1].width }) {
            chosen[widest].width = max(4, chosen[widest].width - (total() - columns))
        }
        return Layout(columns: chosen)
    }

    func header(_ layout: Layout) -> String {
        guard columns != nil else { return "" }
        return style.bold(line(layout.columns.map { ($0.column.name, $0.width) })) + "\n"
    }

    func render(_ rows: [InterviewPageViewData.Row], layout: Layout) -> String {
        var out = ""
        for row in rows {
            if columns == nil {
                // A pipe: every field whole, tabs in the data turned to spaces.
                out += Self.pipeColumns.map { $0.cell(row).replacingTabs() }.joined(separator: "\t") + "\n"
            } else {
                out += line(layout.columns.map { ($0.column.cell(row), $0.width) }) + "\n"
            }
        }
        return out
    }

    /// Cells cut and padded to their widths; the last one is not padded (no trailing spaces).
    private func line(_ cells: [(text: String, width: Int)]) -> String {
        cells.enumerated().map { index, cell in
            let text = TextLayout.truncate(cell.text, to: cell.width)
            return index == cells.count - 1 ? text : TextLayout.pad(text, to: cell.width + Self.gap)
        }.joined()
    }
}

private extension String {
    func replacingTabs() -> String {
        String(map { $0 == "\t" ? " " : $0 })
    }
}
