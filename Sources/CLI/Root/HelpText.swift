import Presentation
import Terminal

/// The help texts of the commands in a language: English as the definitions give them, Korean
/// from `KoreanHelp.texts`, keyed by the English text as gettext keys by msgid. A text is
/// translated by units — each run of unindented lines of a paragraph; indented lines (examples)
/// are commands and stay — and a unit without its Korean form stays English (never a raw key).
enum HelpText {
    static func localize(_ text: String, in language: Language) -> String {
        guard language == .korean else { return text }
        return pieces(of: text).map { piece in
            switch piece {
            case .unit(let unit): KoreanHelp.texts[unit] ?? unit
            case .kept(let line): line
            }
        }.joined(separator: "\n")
    }

    /// A text's pieces, in order: each unit (a run of unindented lines, joined), and each line
    /// kept as it is (indented or blank). Joined with line breaks they are the text again.
    private enum Piece {
        case unit(String)
        case kept(String)
    }

    private static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var run: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  ") || line.isEmpty {
                if !run.isEmpty { pieces.append(.unit(run.joined(separator: "\n"))) }
                run = []
                pieces.append(.kept(String(line)))
            } else {
                run.append(String(line))
            }
        }
        if !run.isEmpty { pieces.append(.unit(run.joined(separator: "\n"))) }
        return pieces
    }

    /// Every unit of the commands' help texts, in the order of the pages: what `KoreanHelp`
    /// must translate (HelpPageTests checks that it does).
    static func units(of command: CommandDump.Command) -> [String] {
        var units: [String] = []
        func add(_ text: String?) {
            for case .unit(let unit) in pieces(of: text ?? "") where !units.contains(unit) { units.append(unit) }
        }
        func walk(_ command: CommandDump.Command) {
            add(command.abstract)
            add(command.discussion)
            for argument in command.arguments ?? [] where argument.shouldDisplay != false {
                add(argument.abstract)
                add(argument.discussion)
            }
            command.visibleSubcommands.forEach(walk)
        }
        walk(command)
        return units
    }
}
