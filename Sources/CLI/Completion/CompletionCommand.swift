import ArgumentParser

/// `report completion bash|zsh|fish`: the shell's completion script (`CompletionScript`) on stdout.
struct CompletionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
            With it loaded, the Tab key completes the commands, the help topics, the options and their \
            values (sections, profiles of config.toml), and file names where an option takes a \
            file. scripts/install and the Debian package install it for every shell.

            bash: add to ~/.bashrc the line source <(report completion bash), or save the script \
            as ~/.local/share/bash-completion/completions/report (read by the bash-completion \
            package).

            zsh: save the script as _report in a folder of $fpath, such as ~/.zfunc with the line \
            fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc.

            fish: save the script as ~/.config/fish/completions/report.fish.

            EXAMPLES:
              source <(report completion bash)
              report completion zsh > ~/.zfunc/_report
              report completion fish > ~/.config/fish/completions/report.fish
            """
    )

    @Argument(help: ArgumentHelp("The shell: bash, zsh or fish.", valueName: "shell"))
    var shell: CompletionShellName

    @OptionGroup var language: LanguageOption

    func run() async throws {
        let script = CompletionScript.text(for: shell)
        try await AppContainer.run(connection: try language.connection, json: false) { container in
            try container.streams.output.write(script)
            return .success
        }
    }
}
