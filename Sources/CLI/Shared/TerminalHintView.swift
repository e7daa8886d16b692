import Presentation
import Terminal

/// A section's hint for a person at a terminal.
struct TerminalHintView: Sendable {
    let style: TextStyle
    let columns: Int?

    func render(_ hint: HintViewData) -> String {
        var lines = [style.bold("\(hint.heading): \(hint.title)")]
        lines += TextLayout.wrap(hint.body, columns: columns.map { $0 - 2 }).map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
