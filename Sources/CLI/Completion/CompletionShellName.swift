import ArgumentParser

/// The shells `report completion` writes a script for.
enum CompletionShellName: String, CaseInsensitiveChoice, Sendable {
    init?(argument: String) { self.init(anyCase: argument) }

    case bash, zsh, fish
}
