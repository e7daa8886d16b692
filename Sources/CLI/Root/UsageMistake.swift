import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation
import Terminal

/// What is wrong with a command line, in report's own words: found by reading the arguments
/// against the commands' own table of options and arguments (`ArgumentCheck`), never from the
/// parser's message. ArgumentParser names the argument it stumbled on, not the mistake:
/// `fetch 1001 --sectoin tips` is "the value 'tips' is invalid for '<term>'", and a bad
/// `--section` "Please provide one of the following:" with no values.
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
    /// A word after a command group that is none of its commands (`auth logon`), with the
    /// group's path (`["auth"]`) and the command it most likely meant.
    case unknownSubcommand(String, group: [String], suggestion: String?)

    /// The message, as the catalog says it.
    var said: Said {
        switch self {
        case .unknownOption(let option, _):
            Said(.usageUnknownOption, data: Self.printable(["option": option]))
        case .missingValue(let option):
            Said(.usageMissingValue, data: Self.printable(["option": option]))
        case .badChoice(let value, let option, let choices):
            Said(.usageBadChoice, data: Self.printable(["value": value, "option": option, "choices": choices.joined(separator: ", ")]))
        case .badValue(let value, let option):
            Said(.usageBadValue, data: Self.printable(["value": value, "option": option]))
        case .flagTakesNoValue(let option, let value):
            Said(.usageFlagTakesNoValue, data: Self.printable(["option": option, "value": value]))
        case .badArgument(let value, let name):
            name == "term" ? Said(.usageBadTerm, data: Self.printable(["value": value]))
                : Said(.usageBadArgument, data: Self.printable(["value": value, "name": "<\(name)>"]))
        case .badArgumentChoice(let value, let name, let choices):
            Said(.usageBadArgumentChoice, data: Self.printable(["value": value, "name": "<\(name)>", "choices": choices.joined(separator: ", ")]))
        case .unexpectedArgument(let argument):
            Said(.usageUnexpectedArgument, data: Self.printable(["argument": argument]))
        case .missingArgument(let name):
            Said(.usageMissingArgument, data: Self.printable(["name": "<\(name)>"]))
        case .unknownSubcommand(let word, let group, _):
            Said(.usageUnknownCommand, data: ["command": (group + [PrintableText.oneLine(word, maxLength: 40)]).joined(separator: " ")])
        }
    }

    /// What the member typed, printable on one line and short.
    private static func printable(_ values: [String: String]) -> [String: String] {
        values.mapValues { PrintableText.oneLine($0, maxLength: 120) }
    }

    /// The hint: the suggestion of a mistyped option or value, the flag that does what a term
    /// that is not one (`fetch -1`, `fetch latest`) was likely meant to, and where to read more
    /// (`help`: `report fetch --help`; `command`: the command's path, `["report", "fetch"]`).
    func hint(help: String, command: [String] = []) -> Said {
        switch self {
        case .unknownOption(_, let suggestion?):
            return Said(.usageDidYouMean, data: ["suggestion": suggestion, "help": help])
        case .unknownSubcommand(_, _, let suggestion?):
            return Said(.usageDidYouMean, data: ["suggestion": suggestion, "help": help])
        case .badChoice(let value, let option, let choices):
            if let suggestion = Self.suggestion(for: value, option: option, choices: choices) {
                return Said(.usageDidYouMean, data: ["suggestion": suggestion, "help": help])
            }
        case .badArgument(let value, "term") where Self.meansTheNewest(value):
            if command == ["report", "fetch"] { return Said(.hintTermLatest, data: ["help": help]) }
            if command == ["report", "compare"] { return Said(.hintCompareLatest, data: ["help": help]) }
        default:
            break
        }
        return Said(.usageSeeHelp, data: ["help": help])
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
}
