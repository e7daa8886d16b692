import ArgumentParser
import Presentation

/// The completion scripts of `report completion` (and of ArgumentParser's hidden
/// `--generate-completion-script`, which prints the same): ArgumentParser's, which complete the
/// commands, options and values from the commands' own definitions, with two changes.
/// - bash: the command is registered without `-o filenames`, which made bash treat every word as
///   a path (`report con⇥` in a folder holding `config/` became `report config/`); file names are
///   asked for only when a value is a file (`compopt -o filenames` then).
/// - `report help ⇥` completes the help topics and the commands, `report help auth ⇥` auth's
///   subcommands (ArgumentParser's `help` completes nothing).
/// zsh and fish needed no change for the first: their scripts offer file names only for file
/// options already (`_files`; fish's `complete -c report -f` and `-rF` on file options).
enum CompletionScript {
    static func text(for shell: CompletionShellName) -> String {
        let script = switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
        return script.hasSuffix("\n") ? script : script + "\n"
    }

    /// The words `report help` takes after the words of a path: at the start the topics and the
    /// commands, after a command its subcommands. Keyed by the path (`""`, `"auth"`), in the
    /// order help lists them, each with what it is (for zsh and fish).
    static var helpChoices: [(path: String, choices: [(word: String, about: String)])] {
        let topics = HelpTopic.allCases.map { ($0.rawValue, Words.english[$0.abstract]) }
        guard let root = CommandDump.root else { return [("", topics)] }
        var table: [(String, [(String, String)])] = []
        func walk(_ command: CommandDump.Command, path: [String]) {
            let subcommands = command.visibleSubcommands
            guard !subcommands.isEmpty else { return }
            let words = subcommands.map { ($0.commandName, $0.abstract ?? "") }
            // `report help config` shows the topic, not the command's page: each word once, as
            // what it shows.
            let commands = path.isEmpty ? words.filter { word in !topics.contains { $0.0 == word.0 } } : words
            table.append((path.joined(separator: " "), path.isEmpty ? topics + commands : commands))
            for subcommand in subcommands { walk(subcommand, path: path + [subcommand.commandName]) }
        }
        walk(root, path: [])
        return table
    }

    // MARK: bash

    static func bash() -> String {
        var script = ReportCommand.completionScript(for: .bash)
        script = replacing(in: script, "complete -o filenames -F _report report", with: "complete -F _report report")
        script = replacing(in: script, "__report_add_completions() {\n", with: """
            __report_add_completions() {
                # File names (compgen -f, -d) only for a value that is a file: bash then marks
                # folders with / and quotes what needs it. Words are never taken as paths.
                [[ "${1}" = -[fd] ]] && compopt -o filenames 2>/dev/null

            """)
        var cases = ""
        for (path, choices) in helpChoices {
            cases += "    '\(path)') choices='\(choices.map(\.word).joined(separator: " "))' ;;\n"
        }
        return replacingFunction("_report_help", in: script, with: """
            _report_help() {
                # `report help ⇥`: the help topics and the commands; `report help auth ⇥`: auth's subcommands.
                if [[ "${#unparsed_words[@]}" -eq 0 ]]; then
                    COMPREPLY+=($(compgen -W help -- "${cur}"))
                    return
                fi
                local -a help_words=()
                local word
                for word in "${unparsed_words[@]::${#unparsed_words[@]}-1}"; do
                    [[ "${word}" = -* ]] || help_words+=("${word}")
                done
                local choices
                case "${help_words[*]}" in
            \(cases)    *) return ;;
                esac
                COMPREPLY+=($(compgen -W "${choices}" -- "${cur}"))
            }

            """)
    }

    // MARK: zsh

    static func zsh() -> String {
        let script = ReportCommand.completionScript(for: .zsh)
        var cases = ""
        for (path, choices) in helpChoices {
            let items = choices.map { zshQuoted($0.word + ":" + $0.about) }.joined(separator: " ")
            cases += "    \(zshQuoted(path))) choices=(\(items)) ;;\n"
        }
        return replacingFunction("_report_help", in: script, with: """
            _report_help() {
                # `report help ⇥`: the help topics and the commands; `report help auth ⇥`: auth's subcommands.
                local -a help_words=("${(@)${(@)words[2,CURRENT-1]}:#-*}")
                local -a choices
                case "${help_words[*]}" in
            \(cases)    *) return 1 ;;
                esac
                _describe -V help-topic choices
            }

            """)
    }

    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    // MARK: fish

    static func fish() -> String {
        var script = ReportCommand.completionScript(for: .fish)
        if !script.hasSuffix("\n") { script += "\n" }
        script += """

            # `report help ⇥`: the help topics and the commands; `report help auth ⇥`: auth's subcommands.
            function __report_help_after -a expected
                set -l words
                for token in (__report_tokens -pc)[2..]
                    string match -q -- '-*' $token; or set -a words $token
                end
                test "$words[1]" = help; or return 1
                test "$words[2..]" = "$expected"
            end

            """
        for (path, choices) in helpChoices {
            for choice in choices {
                script += "complete -c 'report' -n \(fishQuoted("__report_help_after " + fishQuoted(path))) -fa \(fishQuoted(choice.word)) -d \(fishQuoted(choice.about))\n"
            }
        }
        return script
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    // MARK: Editing ArgumentParser's script

    /// `script` with `text` replaced; a script ArgumentParser no longer writes that way is a bug
    /// the completion tests catch (CLITests' VersionAndCompletionTests).
    private static func replacing(in script: String, _ text: String, with replacement: String) -> String {
        guard script.contains(text) else {
            assertionFailure("the completion script has no \(text.debugDescription)")
            return script
        }
        return script.replacing(text, with: replacement)
    }

    /// `script` with the function `name` (from `name() {` to its closing `}` line) replaced.
    private static func replacingFunction(_ name: String, in script: String, with replacement: String) -> String {
        guard let start = script.firstRange(of: "\n\(name)() {\n"),
              let end = script[start.upperBound...].firstRange(of: "\n}\n") else {
            assertionFailure("the completion script has no function \(name)")
            return script
        }
        var edited = script
        edited.replaceSubrange(script.index(after: start.lowerBound)..<end.upperBound, with: replacement)
        return edited
    }
}
