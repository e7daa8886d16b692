import ArgumentParser

/// How results are written.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout (errors as one JSON object on stderr).")
    var json = false
}

/// `-o FILE`: the document goes to a file, written atomically, instead of stdout.
struct OutputFileOption: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Write the document to this file (atomically: all of it or nothing) instead of stdout.", valueName: "file"))
    var file: String?
}
