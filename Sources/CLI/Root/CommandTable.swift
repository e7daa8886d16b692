import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

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
