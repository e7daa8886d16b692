import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

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
