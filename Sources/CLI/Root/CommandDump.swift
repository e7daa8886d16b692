import ArgumentParser
import Presentation
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

extension CommandDump {
    /// The dump with its help texts (every `abstract` and `discussion`) in `language`, for the man
    /// pages of that language (`report --lang ko --experimental-dump-help`, scripts/man-pages).
    static func text(in language: Language) -> String? {
        guard let text = text() else { return nil }
        guard language != .english else { return text }
        guard let dump = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(dump.translated(into: language)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Any JSON value of the dump, kept as it is but for the texts translated.
    private enum Value: Codable {
        case string(String), number(Double), bool(Bool), null, array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([Value].self) { self = .array(value) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .number(let value) where value == value.rounded() && abs(value) < 1e15: try container.encode(Int64(value))
            case .number(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            case .null: try container.encodeNil()
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }

        func translated(into language: Language) -> Value {
            switch self {
            case .array(let values): return .array(values.map { $0.translated(into: language) })
            case .object(let fields):
                var out: [String: Value] = [:]
                for (key, value) in fields {
                    if key == "abstract" || key == "discussion", case .string(let text) = value {
                        out[key] = .string(HelpText.localize(text, in: language))
                    } else {
                        out[key] = value.translated(into: language)
                    }
                }
                return .object(out)
            default: return self
            }
        }
    }
}
