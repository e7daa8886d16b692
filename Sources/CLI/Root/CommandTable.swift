import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// The options and positional arguments of every command, as ArgumentParser's help dump
/// (`--experimental-dump-help`) lists them: what `ArgumentCheck` reads a command line against.
struct CommandTable: @unchecked Sendable {
    struct Option {
        let names: [String]
        let takesValue: Bool
        let choices: [String]
        /// A repeated option whose value is a comma-separated list (`--section tips,video`).
        let commaList: Bool
        /// The type its value is read as (`ArgumentTypes`); nil: any text.
        var valueType: Any.Type?
    }

    /// A positional argument: `<term>`, `<shell>`.
    struct Positional {
        let name: String
        let isOptional: Bool
        let isRepeating: Bool
        let choices: [String]
        var valueType: Any.Type?
    }

    let name: String
    let options: [Option]
    let positionals: [Positional]
    let subcommands: [CommandTable]

    /// The table of `report` and its subcommands; nil if the dump cannot be read.
    static let root: CommandTable? = CommandDump.root.map { CommandTable($0, type: ReportCommand.self, inherited: [:]) }

    /// `type`: the command's own type, whose declarations give the values' types; `inherited`:
    /// the types of the options of the commands above it, which the parser accepts here too.
    private init(_ command: CommandDump.Command, type: (any ParsableCommand.Type)?, inherited: [String: Any.Type]) {
        name = command.commandName
        let types: (options: [String: Any.Type], positionals: [Any.Type]) = type.map { ArgumentTypes.of($0) } ?? ([:], [])
        let known = inherited.merging(types.options) { _, own in own }
        var options: [Option] = []
        var positionals: [Positional] = []
        for argument in command.arguments ?? [] {
            if argument.kind == "option" || argument.kind == "flag" {
                let names = argument.spelledNames
                let valueType = argument.kind == "option" ? names.lazy.compactMap { known[$0] }.first : nil
                options.append(Option(names: names, takesValue: argument.kind == "option", choices: argument.allValues ?? [],
                                      commaList: names.contains("--section"), valueType: valueType))
            } else if argument.isPositional {
                let index = positionals.count
                positionals.append(Positional(name: argument.valueName ?? "argument", isOptional: argument.isOptional ?? false,
                                              isRepeating: argument.isRepeating ?? false, choices: argument.allValues ?? [],
                                              valueType: index < types.positionals.count ? types.positionals[index] : nil))
            }
        }
        // Every command takes the global options (the dump lists them with the root and the
        // commands that use them; ArgumentParser accepts a parent's anywhere) and the built-in flags.
        for global in GlobalOptions.list where !options.contains(where: { $0.names.contains(global.name) }) {
            let choices = global.name == "--lang" ? LanguageSetting.choices : global.name == "--color" ? ColorChoice.allValueStrings : []
            options.append(Option(names: [global.name], takesValue: global.takesValue, choices: choices, commaList: false,
                                  valueType: global.takesValue ? known[global.name] : nil))
        }
        for builtIn in ["--help", "-h", "--version", "--generate-completion-script", "--experimental-dump-help"]
        where !options.contains(where: { $0.names.contains(builtIn) }) {
            options.append(Option(names: [builtIn], takesValue: builtIn == "--generate-completion-script", choices: [], commaList: false))
        }
        self.options = options
        self.positionals = positionals
        let subtypes = type?.configuration.subcommands ?? []
        subcommands = (command.subcommands ?? []).map { sub in
            CommandTable(sub, type: subtypes.first { $0.configuration.commandName == sub.commandName }, inherited: known)
        }
    }

    func option(named name: String) -> Option? {
        options.first { $0.names.contains(name) }
    }
}
