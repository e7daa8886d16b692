/// Writes a table as CSV (RFC 4180): fields separated by commas, records ended by CRLF, a field
/// quoted when it holds a comma, a quote, a line break or leading or trailing blanks (a quote
/// inside doubled); the header first. UTF-8 throughout; with `byteOrderMark` the text begins with
/// one (EF BB BF), which Excel needs to read a file as UTF-8 rather than the system's code page
/// (Hangul is mojibake without it) and every other reader skips.
///
/// A text cell is one the service or a person wrote (a company's name, a question): one that
/// begins with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to a spreadsheet, which
/// runs it when the file is opened (CSV injection), so it is written with a leading `'` as OWASP
/// advises; a spreadsheet then shows it as text. A number cell never is: it is written from a
/// number, and a change of -3 must stay a number.
public struct CSVWriter: Sendable {
    /// A cell: text (guarded against formulas), a number written as it is, or nothing.
    public enum Cell: Sendable, Equatable {
        case text(String)
        case number(String)
        case empty
    }

    private var output: [UInt8] = []

    public init(byteOrderMark: Bool) {
        if byteOrderMark { output = [0xEF, 0xBB, 0xBF] }
    }

    /// The CSV written so far.
    public var bytes: [UInt8] { output }

    /// One record: the header, or a row.
    public mutating func record(_ cells: [Cell]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            switch cell {
            case .text(let text): field(Self.guarded(text))
            case .number(let number): field(number)
            case .empty: break
            }
        }
        output += [0x0D, 0x0A]
    }

    /// `text` with a leading `'` when a spreadsheet would read it as a formula.
    public static func guarded(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    private mutating func field(_ text: String) {
        let bytes = Array(text.utf8)
        let needsQuotes = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || bytes.first == 0x20 || bytes.last == 0x20 || bytes.first == 0x09 || bytes.last == 0x09
        guard needsQuotes else {
            output += bytes
            return
        }
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }
}
