import Presentation
import Terminal

/// A section's hint for a person at a terminal.
struct TerminalHintView: Sendable {
    let style: TextStyle
    let columns: Int?
    /// In English the section's heading leads the service's title ("Tips: 면접 팁은 이렇게 읽어요");
    /// in Korean the service's title says it alone.
    var words: Words = .english

    func render(_ hint: HintViewData) -> String {
        // The heading wraps where it is wider than the terminal (a narrow one).
        let heading = words.language == .english ? "\(hint.heading): \(hint.title)" : hint.title
        var lines = TextLayout.wrap(heading, columns: columns).map { style.bold($0) }
        lines += TextLayout.wrap(hint.body, columns: columns.map { $0 - 2 }).map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
