import ArgumentParser

/// How results are written.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout (errors as one JSON object on stderr).")
    var json = false
}
