import ArgumentParser

/// How results are written.
struct OutputOptions: ParsableArguments {
    static let jsonHelp: ArgumentHelp = "Print one JSON document on stdout (errors as one JSON object on stderr)."

    @Flag(name: .long, help: jsonHelp)
    var json = false

    @OptionGroup var filter: JQOption

    @OptionGroup var color: ColorOption

    /// `--json`, or `--jq` (which implies its document on stdout; errors stay lines for a person
    /// unless `--json` is given).
    var asksForJSON: Bool { json || filter.jq != nil }
}

/// `--color auto|always|never`.
struct ColorOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Colour the text: auto (on a terminal, unless NO_COLOR is set; CLICOLOR_FORCE or FORCE_COLOR force it), always or never.",
        valueName: "when"))
    var color: ColorChoice = .auto
}

enum ColorChoice: String, CaseInsensitiveChoice, Sendable {
    case auto, always, never

    init?(argument: String) { self.init(anyCase: argument) }
}

/// `-o FILE`: the document goes to a file, written atomically, instead of stdout.
struct OutputFileOption: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Write the document to this file (atomically: all of it or nothing) instead of stdout.", valueName: "file"),
            completion: .file())
    var file: String?
}

/// `--no-pager`: text for a person straight to the terminal, not through `REPORT_PAGER`/`PAGER`.
struct PagerOption: ParsableArguments {
    @Flag(name: .customLong("no-pager"), help: "Do not send long output on a terminal through the pager (REPORT_PAGER, PAGER, else less -FRX).")
    var noPager = false
}
