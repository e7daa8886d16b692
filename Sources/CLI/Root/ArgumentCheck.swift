import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// Reads a command line against the commands' table and finds its first mistake, whatever
/// ArgumentParser would stumble on: an option the command does not have, an option without its
/// value, a value outside its choices or that its type does not read, a value given to a flag, a
/// word that is no subcommand of a group, an argument too many, a missing argument. The parser's
/// own message is never read (`ReportCommand.reportUsageError`).
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
        var positionals: [String] = []
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                // Everything after `--` is a positional argument.
                positionals += arguments[index...]
                break
            }
            guard word.hasPrefix("-"), word.count > 1, !word.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }) else {
                // A subcommand after the command's own options: `report auth --lang ko login`.
                if positionals.isEmpty, let sub = command.subcommands.first(where: { $0.name == word }) {
                    command = sub
                    path.append(sub.name)
                } else if word.hasPrefix("-"), word.count > 1, termCommands.contains(command.name) {
                    // `fetch -1`: a negative number where a term goes (ArgumentParser would read an option).
                    return (path, .badArgument(value: word, name: "term"))
                } else if word.hasPrefix("-"), word.count > 1 {
                    // `-1` anywhere else: ArgumentParser reads an option, which no command has.
                    return (path, .unknownOption(word, suggestion: nil))
                } else if !command.subcommands.isEmpty, command.positionals.isEmpty {
                    // A group's word that is none of its commands (`auth logon`): said before any option after it.
                    let names = command.subcommands.map(\.name).filter { $0 != "help" }
                    return (path, .unknownSubcommand(word, group: Array(path.dropFirst()), suggestion: closest(to: word, in: names)))
                } else {
                    positionals.append(word)
                }
                continue
            }
            var name = word
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            } else if !word.hasPrefix("--"), word.count > 2 {
                // `-iX GET`: short options together, those that take a value taking the next words.
                switch cluster(word, in: command, following: arguments[index...]) {
                case .mistake(let mistake): return (path, mistake)
                case .values(let count): index += count
                }
                continue
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
                // `--timeout=`: no value, as the parser reads it.
                guard !attached.isEmpty else { return (path, .missingValue(option: name)) }
                value = attached
            } else {
                guard index < arguments.count else { return (path, .missingValue(option: name)) }
                value = arguments[index]
                index += 1
                // The parser takes no word that begins with `-` as a value (`--limit -5`, `--section --explain`);
                // `--term -1` is said as a term argument's mistake is.
                if value.hasPrefix("-"), value.count > 1 {
                    if option.names.contains("--term"), !looksLikeOption(value, in: command) {
                        return (path, .badArgument(value: value, name: "term"))
                    }
                    return (path, .missingValue(option: name))
                }
            }
            if let mistake = checkValue(value, of: option, named: name) { return (path, mistake) }
        }
        return (path, checkPositionals(positionals, of: command, path: path))
    }

    /// A value outside the option's choices (each of a comma-separated list), or one its type does not read.
    private static func checkValue(_ value: String, of option: CommandTable.Option, named name: String) -> UsageMistake? {
        if !option.choices.isEmpty {
            let pieces = option.commaList
                ? value.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
                : [value]
            if let bad = pieces.first(where: { piece in !option.choices.contains { $0.lowercased() == piece.lowercased() } }) {
                return .badChoice(value: bad, option: name, choices: option.choices)
            }
        }
        if let type = option.valueType, !ArgumentTypes.reads(type, value) {
            return option.choices.isEmpty ? .badValue(value: value, option: name) : .badChoice(value: value, option: name, choices: option.choices)
        }
        return nil
    }

    /// The words that are not options, read against the command's positional arguments: a word
    /// that is no subcommand of a group, a value its argument does not read, one too many, or a
    /// required argument missing.
    private static func checkPositionals(_ words: [String], of command: CommandTable, path: [String]) -> UsageMistake? {
        if !command.subcommands.isEmpty, command.positionals.isEmpty, let word = words.first {
            // After `--`.
            let names = command.subcommands.map(\.name).filter { $0 != "help" }
            return .unknownSubcommand(word, group: Array(path.dropFirst()), suggestion: closest(to: word, in: names))
        }
        var rest = words[...]
        for positional in command.positionals {
            guard !rest.isEmpty else {
                if !positional.isOptional { return .missingArgument(name: positional.name) }
                continue
            }
            let taken = positional.isRepeating ? rest : rest.prefix(1)
            rest = positional.isRepeating ? [] : rest.dropFirst()
            for value in taken {
                if !positional.choices.isEmpty, !positional.choices.contains(where: { $0.lowercased() == value.lowercased() }) {
                    return .badArgumentChoice(value: value, name: positional.name, choices: positional.choices)
                }
                if let type = positional.valueType, !ArgumentTypes.reads(type, value) {
                    return positional.choices.isEmpty ? .badArgument(value: value, name: positional.name)
                        : .badArgumentChoice(value: value, name: positional.name, choices: positional.choices)
                }
            }
        }
        return rest.first.map { .unexpectedArgument($0) }
    }

    /// `-vi`, `-iX GET`: each letter a short option of the command, each that takes a value
    /// taking the next word, as the parser reads them; `-ofile` (a value attached, which the
    /// parser does not read) is an unknown option named whole, as the parser names it.
    private enum Cluster { case mistake(UsageMistake), values(Int) }

    private static func cluster(_ word: String, in command: CommandTable, following: ArraySlice<String>) -> Cluster {
        let options = word.dropFirst().map { command.option(named: "-\($0)") }
        if let unknown = options.firstIndex(where: { $0 == nil }) {
            let valueFirst = options.first??.takesValue == true
            return .mistake(.unknownOption(valueFirst ? word : "-\(Array(word.dropFirst())[unknown])", suggestion: nil))
        }
        var next = following.startIndex
        for (letter, option) in zip(word.dropFirst(), options.compactMap { $0 }) where option.takesValue {
            let name = "-\(letter)"
            guard next < following.endIndex, !(following[next].hasPrefix("-") && following[next].count > 1) else {
                return .mistake(.missingValue(option: name))
            }
            if let mistake = checkValue(following[next], of: option, named: name) { return .mistake(mistake) }
            next += 1
        }
        return .values(next - following.startIndex)
    }

    /// The commands whose positional arguments are terms.
    private static let termCommands: Set<String> = ["fetch", "compare", "trend", "watch"]

    /// A word that is an option rather than a value: `--json`, or a short option the command has.
    private static func looksLikeOption(_ word: String, in command: CommandTable) -> Bool {
        if word.hasPrefix("--") { return word.count > 2 }
        return word.hasPrefix("-") && word.count > 1 && command.option(named: String(word.prefix(2))) != nil
    }
}
