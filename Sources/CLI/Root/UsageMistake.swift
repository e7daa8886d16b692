import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// What is wrong with a command line, in report's own words: found by reading the arguments
/// against the commands' own table of options (ArgumentParser's help dump), or by reading the
/// parser's message when the table cannot tell. ArgumentParser names the argument it stumbled
/// on, not the mistake: `fetch 1001 --sectoin tips` is "the value 'tips' is invalid for
/// '<term>'", and a bad `--section` "Please provide one of the following:" with no values.
enum UsageMistake: Equatable, Sendable {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    /// A value outside the option's choices, with the choices.
    case badChoice(value: String, option: String, choices: [String])
    /// A value the option's type does not read (`--timeout abc`).
    case badValue(value: String, option: String)
    case flagTakesNoValue(option: String, value: String)
    /// A positional argument its type does not read (`fetch abc`).
    case badArgument(value: String, name: String)
    /// A positional argument outside its choices (`completion tcsh`), with the choices.
    case badArgumentChoice(value: String, name: String, choices: [String])
    case unexpectedArgument(String)
    case missingArgument(name: String)

    /// The message, in `words`' language.
    func message(_ words: Words) -> String {
        switch self {
        case .unknownOption(let option, _):
            words(.usageUnknownOption, ["option": option])
        case .missingValue(let option):
            words(.usageMissingValue, ["option": option])
        case .badChoice(let value, let option, let choices):
            words(.usageBadChoice, ["value": value, "option": option, "choices": choices.joined(separator: ", ")])
        case .badValue(let value, let option):
            words(.usageBadValue, ["value": value, "option": option])
        case .flagTakesNoValue(let option, let value):
            words(.usageFlagTakesNoValue, ["option": option, "value": value])
        case .badArgument(let value, let name):
            name == "term" ? words(.usageBadTerm, ["value": value])
                : words(.usageBadArgument, ["value": value, "name": "<\(name)>"])
        case .badArgumentChoice(let value, let name, let choices):
            words(.usageBadArgumentChoice, ["value": value, "name": "<\(name)>", "choices": choices.joined(separator: ", ")])
        case .unexpectedArgument(let argument):
            words(.usageUnexpectedArgument, ["argument": argument])
        case .missingArgument(let name):
            words(.usageMissingArgument, ["name": "<\(name)>"])
        }
    }

    /// The hint: the suggestion of a mistyped option or value, the flag that does what a term
    /// that is not one (`fetch -1`, `fetch latest`) was likely meant to, and where to read more
    /// (`help`: `report fetch --help`; `command`: the command's path, `["report", "fetch"]`).
    func hint(_ words: Words, help: String, command: [String] = []) -> String {
        switch self {
        case .unknownOption(_, let suggestion?):
            return words(.usageDidYouMean, ["suggestion": suggestion, "help": help])
        case .badChoice(let value, let option, let choices):
            if let suggestion = Self.suggestion(for: value, option: option, choices: choices) {
                return words(.usageDidYouMean, ["suggestion": suggestion, "help": help])
            }
        case .badArgument(let value, "term") where Self.meansTheNewest(value):
            if command == ["report", "fetch"] { return words(.hintTermLatest, ["help": help]) }
            if command == ["report", "compare"] { return words(.hintCompareLatest, ["help": help]) }
        default:
            break
        }
        return words(.usageSeeHelp, ["help": help])
    }

    /// A term that is likely meant as "the newest": counted from the end (`-1`), nought, or a
    /// word for it (`latest`, `last`).
    static func meansTheNewest(_ value: String) -> Bool {
        value.hasPrefix("-") || value == "0" || ["latest", "last", "newest", "recent"].contains(value.lowercased())
    }

    /// The choice a mistyped value most likely meant: a language by another of its names
    /// (`--lang kr`, `korean`, `한국어`), else a choice one or two letters away (`--format jsno`);
    /// nil for a value too short to guess from (`xx`) or like none of them.
    static func suggestion(for value: String, option: String, choices: [String]) -> String? {
        let lowered = value.lowercased()
        if option == "--lang", let language = LanguageSetting.suggestion(for: lowered), choices.contains(language) { return language }
        guard lowered.count >= 3 else { return nil }
        return closest(to: lowered, in: choices)
    }

    /// The mistake ArgumentParser's `message` (one line, "Error: " taken off) describes, for what
    /// the table of options does not find (a positional argument, a value its type does not read).
    init?(parserMessage text: String) {
        func quoted(_ text: Substring) -> [String] {
            text.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        let lowered = text.prefix(1).lowercased() + text.dropFirst()
        let parts = quoted(lowered[...])
        if lowered.hasPrefix("the value '"), parts.count >= 2 {
            let target = parts[1]
            if target.hasPrefix("<") {
                self = .badArgument(value: parts[0], name: String(target.dropFirst().prefix { $0 != ">" }))
            } else {
                self = .badValue(value: parts[0], option: String(target.prefix { $0 != " " }))
            }
        } else if lowered.hasPrefix("missing value for '"), let option = parts.first {
            self = .missingValue(option: String(option.prefix { $0 != " " }))
        } else if lowered.hasPrefix("unexpected argument"), let argument = parts.first {
            self = .unexpectedArgument(argument)
        } else if lowered.hasPrefix("missing expected argument '"), let name = parts.first {
            self = .missingArgument(name: String(name.filter { $0 != "<" && $0 != ">" }))
        } else if lowered.hasPrefix("unknown option '"), let option = parts.first {
            self = .unknownOption(option, suggestion: lowered.firstRange(of: "did you mean '").map { range in
                String(lowered[range.upperBound...].prefix { $0 != "'" })
            })
        } else if lowered.hasPrefix("the option '"), lowered.contains("does not take any value"), parts.count >= 2 {
            self = .flagTakesNoValue(option: parts[0], value: parts[1])
        } else {
            return nil
        }
    }
}

/// The options and positional arguments of every command, as ArgumentParser's help dump
/// (`--experimental-dump-help`) lists them: what `ArgumentCheck` reads a command line against.
struct CommandTable: Sendable {
    struct Option: Sendable {
        let names: [String]
        let takesValue: Bool
        let choices: [String]
        /// A repeated option whose value is a comma-separated list (`--section tips,video`).
        let commaList: Bool
    }

    let name: String
    let options: [Option]
    let subcommands: [CommandTable]

    /// The table of `report` and its subcommands; nil if the dump cannot be read.
    static let root: CommandTable? = CommandDump.root.map(CommandTable.init)

    private init(_ command: CommandDump.Command) {
        name = command.commandName
        var options: [Option] = []
        for argument in command.arguments ?? [] where argument.kind == "option" || argument.kind == "flag" {
            let names = argument.spelledNames
            options.append(Option(names: names, takesValue: argument.kind == "option", choices: argument.allValues ?? [],
                                  commaList: names.contains("--section")))
        }
        // Every command takes the global options (the dump lists them with the root and the
        // commands that use them; ArgumentParser accepts a parent's anywhere) and the built-in flags.
        for global in GlobalOptions.list where !options.contains(where: { $0.names.contains(global.name) }) {
            let choices = global.name == "--lang" ? LanguageSetting.choices : global.name == "--color" ? ColorChoice.allValueStrings : []
            options.append(Option(names: [global.name], takesValue: global.takesValue, choices: choices, commaList: false))
        }
        for builtIn in ["--help", "-h", "--version", "--generate-completion-script", "--experimental-dump-help"]
        where !options.contains(where: { $0.names.contains(builtIn) }) {
            options.append(Option(names: [builtIn], takesValue: builtIn == "--generate-completion-script", choices: [], commaList: false))
        }
        self.options = options
        subcommands = (command.subcommands ?? []).map(CommandTable.init)
    }

    func option(named name: String) -> Option? {
        options.first { $0.names.contains(name) }
    }
}

/// Reads a command line against the commands' table and finds its first mistake with an option:
/// an option the command does not have, an option without its value, a value outside its
/// choices, a value given to a flag. Positional arguments are left to the parser.
enum ArgumentCheck {
    /// The command's path (`["report", "auth", "login"]`) and the first mistake, if any.
    static func check(_ arguments: [String], table: CommandTable) -> (path: [String], mistake: UsageMistake?) {
        var command = table
        var path = ["report"]
        var index = 0
        // The subcommands named before any option.
        while index < arguments.count, let sub = command.subcommands.first(where: { $0.name == arguments[index] }) {
            command = sub
            path.append(sub.name)
            index += 1
        }
        var positionalSeen = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            guard word.hasPrefix("-"), word.count > 1, !word.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }) else {
                // A subcommand after the command's own options: `report auth --lang ko login`.
                if !positionalSeen, let sub = command.subcommands.first(where: { $0.name == word }) {
                    command = sub
                    path.append(sub.name)
                } else if word.hasPrefix("-"), word.count > 1, termCommands.contains(command.name) {
                    // `fetch -1`: a negative number where a term goes (ArgumentParser would read an option).
                    return (path, .badArgument(value: word, name: "term"))
                } else {
                    positionalSeen = true
                }
                continue
            }
            var name = word
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            } else if !word.hasPrefix("--"), word.count > 2 {
                // `-ofile` or `-xy`: the first letter decides.
                name = String(word.prefix(2))
                if command.option(named: name)?.takesValue == true { attached = String(word.dropFirst(2)) }
            }
            guard let option = command.option(named: name) else {
                let longNames = command.options.flatMap(\.names).filter { $0.hasPrefix("--") && $0 != "--experimental-dump-help" }
                return (path, .unknownOption(name, suggestion: name.hasPrefix("--") ? closest(to: name, in: longNames) : nil))
            }
            guard option.takesValue else {
                if let attached { return (path, .flagTakesNoValue(option: name, value: attached)) }
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else {
                guard index < arguments.count, !looksLikeOption(arguments[index], in: command) else {
                    return (path, .missingValue(option: name))
                }
                value = arguments[index]
                index += 1
            }
            // `--term -1`: said as a term argument's mistake is.
            if option.names.contains("--term"), value.hasPrefix("-") { return (path, .badArgument(value: value, name: "term")) }
            guard !option.choices.isEmpty else { continue }
            let pieces = option.commaList
                ? value.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
                : [value]
            if let bad = pieces.first(where: { piece in !option.choices.contains { $0.lowercased() == piece.lowercased() } }) {
                return (path, .badChoice(value: bad, option: name, choices: option.choices))
            }
        }
        return (path, nil)
    }

    /// The commands whose positional arguments are terms.
    private static let termCommands: Set<String> = ["fetch", "compare", "trend", "watch"]

    /// A word that is an option rather than a value: `--json`, or a short option the command has.
    private static func looksLikeOption(_ word: String, in command: CommandTable) -> Bool {
        if word.hasPrefix("--") { return word.count > 2 }
        return word.hasPrefix("-") && word.count > 1 && command.option(named: String(word.prefix(2))) != nil
    }
}
