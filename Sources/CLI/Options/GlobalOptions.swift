import ArgumentParser

/// The options that are the same for every command that has them — where the service is, whose
/// credentials, how to talk to it (`ConnectionOptions`), the language, `--color` and `--no-pager`
/// — which go before the command as well as after it: `report --base-url URL list` is
/// `report list --base-url URL`, as git and gh users write them. Before the command they are moved
/// after it (`movedAfterCommand`) before anything reads the line, so the command's own definition
/// is the one that parses, checks and documents them; given twice, the one after the command wins,
/// as the last of a repeated option always does. The root command declares them too
/// (`report --help` lists them, and `report --profile ⇥` completes).
struct GlobalOptions: ParsableArguments {
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var color: ColorOption
    @OptionGroup var pager: PagerOption

    /// Each global option's long name and whether it takes a value, in the order help lists them.
    static let list: [(name: String, takesValue: Bool)] = [
        ("--base-url", true), ("--profile", true), ("--lang", true), ("--color", true), ("--no-pager", false),
        ("--verbose", false), ("--timeout", true), ("--max-time", true), ("--retries", true),
        ("--connect-timeout", true), ("--stall-timeout", true), ("--cacert", true), ("--allow-insecure-http", false),
    ]

    /// Whether each global option takes a value, by its long name.
    static let names: [String: Bool] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0.takesValue) })

    /// Where help lists the option named `name` among the global ones; nil for any other option.
    static func rank(of name: String) -> Int? {
        list.firstIndex { $0.name == name }
    }

    /// Whether `word` is a global option (`--base-url` or `--base-url=URL`), and whether the next
    /// word is its value.
    static func option(_ word: String) -> (name: String, valueFollows: Bool)? {
        guard word.hasPrefix("--") else { return nil }
        let name = word.firstIndex(of: "=").map { String(word[..<$0]) } ?? word
        guard let takesValue = names[name] else { return nil }
        return (name, takesValue && !word.contains("="))
    }

    /// `arguments` with the global options given before the command moved after its name
    /// (`--lang ko auth --profile p login` is `auth login --lang ko --profile p`), so that one
    /// given after the command too wins. Unchanged when no command follows them, when the first
    /// other word is not a command (a typo, `help`: said or shown as it is) or after `--`.
    static func movedAfterCommand(_ arguments: [String], subcommands: [String: [String]]) -> [String] {
        var moved: [String] = []
        var path: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if let option = option(word) {
                moved.append(word)
                index += 1
                if option.valueFollows, index < arguments.count {
                    moved.append(arguments[index])
                    index += 1
                }
                continue
            }
            let parent = path.joined(separator: " ")
            guard subcommands[parent]?.contains(word) == true else { break }
            path.append(word)
            index += 1
        }
        guard !moved.isEmpty, !path.isEmpty else { return arguments }
        return path + moved + arguments[index...]
    }

    /// `report`'s commands by their path (`""`: the commands; `"auth"`: auth's), from the
    /// commands' own definitions.
    static let subcommands: [String: [String]] = {
        var table: [String: [String]] = [:]
        func walk(_ command: any ParsableCommand.Type, path: [String]) {
            let children = command.configuration.subcommands
            guard !children.isEmpty else { return }
            table[path.joined(separator: " ")] = children.compactMap { $0.configuration.commandName }
            for child in children {
                if let name = child.configuration.commandName { walk(child, path: path + [name]) }
            }
        }
        walk(ReportCommand.self, path: [])
        return table
    }()
}
