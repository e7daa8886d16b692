import ArgumentParser

/// `--jq EXPR`: each JSON document (or JSON Lines line) a command writes, run through a jq
/// expression (`JQOutputFilter`). It implies the command's JSON output on stdout; an error is
/// still the line a person reads (in the run's language), unless `--json` is given too.
struct JQOption: ParsableArguments {
    static let help = ArgumentHelp(
        "Filter each JSON document (each line with --jsonl) through this jq expression; strings are printed raw. Implies --json.",
        valueName: "expression")

    @Option(name: .long, help: help)
    var jq: String?
}
