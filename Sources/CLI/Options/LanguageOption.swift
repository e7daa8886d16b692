import ArgumentParser
import Presentation

/// `--lang ko|en`: the language of what a person reads (LanguageSetting); every command takes it.
struct LanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "The language of text for a person: ko or en (default: language in config.toml, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else en). JSON, TSV and exit codes never change.",
        valueName: "lang"))
    var language: Language?

    /// The connection options of a command that takes no other (`cache`, `config`): only the language.
    var connection: ConnectionOptions {
        get throws { try ConnectionOptions.parse(arguments) }
    }

    /// `--lang X`, as the command line gave it; empty without it.
    var arguments: [String] {
        language.map { ["--lang", $0.rawValue] } ?? []
    }
}

extension Language: ExpressibleByArgument {
    public init?(argument: String) {
        guard let language = LanguageSetting.parse(argument) else { return nil }
        self = language
    }

    public static var allValueStrings: [String] { LanguageSetting.choices }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
