import Presentation
import Terminal

/// A table `--format csv` writes (`list`, `trend`, `compare`): its columns — each a catalog
/// message whose English form is the column's stable key, the same as the JSON document's
/// (`termNo`, `regDate`), and whose Korean form is the header under `--lang ko` — and its rows,
/// one cell a column. A new table is one small type conforming to this; `schema/*.csv.json`
/// describes each one's columns.
protocol CSVTable {
    static var columns: [Message] { get }
    var rows: [[CSVWriter.Cell]] { get }
}

extension CSVTable {
    /// The whole CSV: the header in `words`' language, then the rows. With a byte-order mark
    /// when it goes to a file (`-o`), which Excel needs to read Hangul; never on stdout, where a
    /// program reads it.
    func csv(words: Words, byteOrderMark: Bool) -> [UInt8] {
        var writer = CSVWriter(byteOrderMark: byteOrderMark)
        writer.record(Self.columns.map { .text(words[$0]) })
        for row in rows { writer.record(row) }
        return writer.bytes
    }
}

extension CSVWriter.Cell {
    /// A number, or nothing.
    static func number(_ value: Int?) -> CSVWriter.Cell {
        value.map { .number(String($0)) } ?? .empty
    }

    /// A text, or nothing.
    static func text(_ value: String?) -> CSVWriter.Cell {
        value.map { .text($0) } ?? .empty
    }

    /// A date the service sent (ISO-8601), in KST as `2026-11-02 10:15:00` — a form every
    /// spreadsheet reads as a date and time —; as sent when it is not one; nothing when absent.
    static func kst(_ iso: String?) -> CSVWriter.Cell {
        iso.map { .text(DisplayDate.kst($0)) } ?? .empty
    }
}
