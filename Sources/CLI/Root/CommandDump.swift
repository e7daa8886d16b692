import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The commands as ArgumentParser describes them (`--experimental-dump-help`, its `ToolInfoV0`):
/// names, options, value names, defaults and help texts, read once. What the help pages
/// (`HelpPage`) and the argument check (`CommandTable`) are made from, so that both follow the
/// commands' own definitions.
struct CommandDump: Decodable, Sendable {
    struct Command: Decodable, Sendable {
        let commandName: String
        let abstract: String?
        let discussion: String?
        let shouldDisplay: Bool?
        let arguments: [Argument]?
        let subcommands: [Command]?

        /// The subcommands a person is shown (not ArgumentParser's own `help`).
        var visibleSubcommands: [Command] {
            (subcommands ?? []).filter { $0.shouldDisplay != false && $0.commandName != "help" }
        }

        /// The command at `path` below this one (`["auth", "login"]`), or nil.
        func command(at path: some Collection<String>) -> Command? {
            guard let first = path.first else { return self }
            return subcommands?.first { $0.commandName == first }?.command(at: path.dropFirst())
        }
    }

    struct Argument: Decodable, Sendable {
        struct Name: Decodable, Sendable {
            let kind: String
            let name: String

            /// As typed: `--term`, `-o`.
            var spelled: String { (kind == "short" ? "-" : kind == "longWithSingleDash" ? "-" : "--") + name }
        }
        let kind: String
        let names: [Name]?
        let valueName: String?
        let defaultValue: String?
        let allValues: [String]?
        let sectionTitle: String?
        let isOptional: Bool?
        let isRepeating: Bool?
        let shouldDisplay: Bool?
        let abstract: String?
        let discussion: String?

        var isPositional: Bool { kind == "positional" }
        var spelledNames: [String] { (names ?? []).map(\.spelled) }
    }

    let command: Command

    /// `report`'s commands; nil if the dump cannot be read (a bug: then help falls back to none).
    static let root: Command? = {
        guard let text = text(),
              let dump = try? JSONDecoder().decode(CommandDump.self, from: Data(text.utf8)) else { return nil }
        return dump.command
    }()

    /// The dump as ArgumentParser writes it.
    static func text() -> String? {
        do {
            _ = try ReportCommand.parseAsRoot(["--experimental-dump-help"])
            return nil
        } catch {
            return ReportCommand.fullMessage(for: error)
        }
    }
}
