import Presentation
import Terminal

/// A command's help page (`report fetch --help`, `report help fetch`), in the run's language:
/// what the command is for and how to read it first, then USAGE, the subcommands, the arguments,
/// the command's own options, and the connection options every command shares last (as gh puts
/// inherited flags last). Made from the commands' own definitions (`CommandDump`); the texts of
/// the definitions are English, and `HelpText` gives their Korean forms.
struct HelpPage {
    let command: CommandDump.Command
    /// `["report", "auth", "login"]`.
    let path: [String]
    let words: Words
    /// The columns to fill (a terminal's width, at most 100; 80 in a pipe).
    let width: Int

    func render() -> String {
        var blocks: [String] = []
        // The discussion's EXAMPLES paragraph goes after the options, as gh and man pages put it.
        let discussion = (command.discussion ?? "").split(separator: "\n\n", omittingEmptySubsequences: true).map(String.init)
        let isExamples: (String) -> Bool = { $0.hasPrefix("EXAMPLES:\n") }
        let about = ([command.abstract ?? ""] + discussion.filter { !isExamples($0) }).filter { !$0.isEmpty }
        if !about.isEmpty {
            blocks.append(about.map { paragraphs(HelpText.localize($0, in: words.language)) }.joined(separator: "\n\n"))
        }
        blocks.append(hanging(words[.helpUsage] + " ", usage()))
        let subcommands = command.visibleSubcommands
        if !subcommands.isEmpty {
            blocks.append(section(words[.helpSubcommands], subcommands.map { ($0.commandName, HelpText.localize($0.abstract ?? "", in: words.language)) }))
        }
        let shown = (command.arguments ?? []).filter { $0.shouldDisplay != false }
        let positionals = shown.filter(\.isPositional)
        if !positionals.isEmpty {
            blocks.append(section(words[.helpArguments], positionals.map { ("<\(placeholder($0))>", description(of: $0)) }))
        }
        // The command's own options, then each titled group (`CACHE OPTIONS`), the global options
        // (`GlobalOptions`: before or after the command) last, once, in their own order.
        let options = shown.filter { !$0.isPositional && Self.globalRank(of: $0) == nil }
        var titles: [String] = []
        for option in options {
            if let title = option.sectionTitle, !titles.contains(title) { titles.append(title) }
        }
        titles.sort { ($0 == Self.connectionTitle ? 1 : 0) < ($1 == Self.connectionTitle ? 1 : 0) }
        let own = options.filter { $0.sectionTitle == nil }
        if !own.isEmpty { blocks.append(section(words[.helpOptions], own.map(row))) }
        for title in titles {
            blocks.append(section(heading(ofGroup: title), options.filter { $0.sectionTitle == title }.map(row)))
        }
        let global = shown.compactMap { option in Self.globalRank(of: option).map { (option, $0) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
        if !global.isEmpty { blocks.append(section(words[.helpGlobalOptions], global.map(row))) }
        if path.count == 1 {
            blocks.append(section(words[.helpTopics], HelpTopic.allCases.map { ($0.rawValue, words[$0.abstract]) }))
        }
        blocks += discussion.filter(isExamples).map { paragraphs(HelpText.localize($0, in: words.language)) }
        var closing: [String] = []
        if !subcommands.isEmpty {
            let command = (["report", "help"] + path.dropFirst() + ["<\(words[.helpSubcommandWord])>"]).joined(separator: " ")
            closing.append(words(.helpSeeSubcommand, ["command": command]))
        }
        if path.count == 1 {
            closing.append(words(.helpSeeTopic, ["command": "report help <\(words[.helpTopicWord])>"]))
        }
        if !closing.isEmpty { blocks.append(closing.map(paragraphs).joined(separator: "\n")) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static let connectionTitle = "Connection options"

    /// Where a global option goes among them; nil for an option of the command's own.
    private static func globalRank(of argument: CommandDump.Argument) -> Int? {
        guard !argument.isPositional else { return nil }
        return argument.spelledNames.lazy.compactMap(GlobalOptions.rank(of:)).first
    }

    private func heading(ofGroup title: String) -> String {
        switch title {
        case Self.connectionTitle: words[.helpConnectionOptions]
        case "Cache options": words[.helpCacheOptions]
        default: title.uppercased() + ":"
        }
    }

    /// `report fetch [<options>] [<term> ...]`.
    private func usage() -> String {
        var parts = path
        let arguments = (command.arguments ?? []).filter { $0.shouldDisplay != false }
        if !command.visibleSubcommands.isEmpty {
            parts.append("<\(words[.helpSubcommandWord])>")
        } else if arguments.contains(where: { !$0.isPositional && $0.spelledNames != ["-h", "--help"] && $0.spelledNames != ["--version"] }) {
            parts.append("[<\(words[.helpOptionsWord])>]")
        }
        for argument in arguments where argument.isPositional {
            var word = "<\(placeholder(argument))>"
            if argument.isRepeating == true { word += " ..." }
            parts.append(argument.isOptional == true ? "[\(word)]" : word)
        }
        return parts.joined(separator: " ")
    }

    /// `-o, --output <file>` and its description.
    private func row(_ option: CommandDump.Argument) -> (String, String) {
        let names = option.names ?? []
        var label = (names.filter { $0.kind == "short" } + names.filter { $0.kind != "short" })
            .map(\.spelled).joined(separator: ", ")
        if option.kind == "option" { label += " <\(option.valueName ?? "value")>" }
        return (label, description(of: option))
    }

    /// The option's help, then its values (unless the help names them all) and default.
    private func description(of argument: CommandDump.Argument) -> String {
        let text = HelpText.localize(argument.abstract ?? "", in: words.language)
        var notes: [String] = []
        let values = argument.allValues ?? []
        if !values.isEmpty, !values.allSatisfy({ value in Self.mentions(text, value) }) {
            notes.append(words(.helpValues, ["values": values.joined(separator: ", ")]))
        }
        if let value = argument.defaultValue, !value.isEmpty {
            notes.append(words(.helpDefault, ["value": value]))
        }
        guard let first = notes.first else { return text }
        // English `text (values; default)`, Korean `text 값: …. 기본값: ….` — no `;` between sentences.
        let joined = notes.count > 1 ? words(.helpTwoNotes, ["first": first, "second": notes[1]]) : first
        return text.isEmpty ? words(.helpNotesAlone, ["notes": joined]) : words(.helpWithNotes, ["text": text, "notes": joined])
    }

    /// A positional argument's placeholder: a term number in the language's words (`<면접 번호>`),
    /// any other by its value name.
    private func placeholder(_ argument: CommandDump.Argument) -> String {
        let name = argument.valueName ?? "value"
        return name == "term" || name == "terms" ? words(.helpTermWord, ["name": name]) : name
    }

    /// Whether `text` names `word` as a word of its own.
    private static func mentions(_ text: String, _ word: String) -> Bool {
        var rest = text[...]
        while let range = rest.firstRange(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let boundary: (Character?) -> Bool = { $0 == nil || !($0!.isLetter || $0!.isNumber || $0 == "-" || $0 == "_") }
            if boundary(before), boundary(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// A heading and its rows: the label, then the description at column 26 (on a line of its own
    /// under a long label), or under the label when the page is narrow.
    private func section(_ heading: String, _ rows: [(String, String)]) -> String {
        var lines = [heading]
        let narrow = width < 60
        let column = narrow ? 6 : 26
        for (label, text) in rows {
            let wrapped = text.isEmpty ? [] : TextLayout.wrap(text, columns: width - column)
            let indent = String(repeating: " ", count: column)
            if !narrow, TextLayout.width(of: label) <= column - 4, let first = wrapped.first {
                lines.append(TextLayout.pad("  " + label, to: column) + first)
                lines += wrapped.dropFirst().map { indent + $0 }
            } else {
                lines.append("  " + label)
                lines += wrapped.map { indent + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `prefix` then `text` wrapped, its later lines under the text's start.
    private func hanging(_ prefix: String, _ text: String) -> String {
        let indent = TextLayout.width(of: prefix)
        let lines = TextLayout.wrap(text, columns: max(20, width - indent))
        return lines.enumerated().map { index, line in
            (index == 0 ? prefix : String(repeating: " ", count: indent)) + line
        }.joined(separator: "\n")
    }

    /// Prose wrapped to the page; lines indented by two spaces (examples) kept as they are.
    private func paragraphs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            line.hasPrefix("  ") || line.isEmpty ? [String(line)] : TextLayout.wrap(String(line), columns: width)
        }.joined(separator: "\n")
    }
}
