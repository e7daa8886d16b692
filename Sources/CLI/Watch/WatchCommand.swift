import ArgumentParser
import Domain
import Presentation
import Terminal

/// `report watch`: waits for interviews' analyses to finish, and says so as each one does.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Wait for interviews' analyses to finish, and say so as each one does.",
        discussion: """
            Without terms, watches every interview of yours whose analysis is still running (from \
            the list). Each term is asked for as fetch --wait asks, with backoff, and a line is \
            printed as each finishes (--jsonl: one JSON object a line); its report is kept in the \
            local cache as fetch keeps it. Terms already finished are named at once. On a \
            terminal each finished term is also notified: by the terminal itself (OSC 9 and OSC \
            777) and by notify-send where it is installed.

            --exec CMD runs CMD for each finished term, with REPORT_TERM (the term) and \
            REPORT_STATUS (ready or failed) in its environment, and waits for it. CMD is split \
            into words at blanks ('…' and "…" keep blanks in one word, \\ the next character) and \
            run without a shell; write sh -c '…' for one.

            Exit status: 0 when every analysis finished with a report; 75 when some were still \
            running after --wait-timeout (each named on stderr); otherwise as a batch: 1 when \
            some failed, else the failures' shared code (65: the analyses failed).

            EXAMPLES:
              report watch
              report watch 1006 --wait-timeout 30m
              report watch --jsonl | jq -c 'select(.status == "ready")'
              report watch 1006 --exec 'paplay /usr/share/sounds/freedesktop/stereo/complete.oga'
              report watch --exec "sh -c 'report fetch \\$REPORT_TERM > \\$REPORT_TERM.txt'"
            """
    )

    @Argument(help: ArgumentHelp("Term numbers of the interviews to watch (default: every one still being analysed).", valueName: "term"),
              completion: .custom(TermCompletion.terms(words:index:prefix:)))
    var terms: [TermNumber] = []

    @Option(name: .long, help: ArgumentHelp("How long to wait, e.g. 90s, 10m, 1h (default: 1h).", valueName: "duration"))
    var waitTimeout: DurationArgument?

    static let defaultWaitTimeout = Duration.seconds(3600)

    @Option(name: .long, help: ArgumentHelp(
        "Run this command for each finished term, with REPORT_TERM and REPORT_STATUS set (split into words, no shell).",
        valueName: "command"))
    var exec: String?

    @Flag(name: .long, help: "Print one JSON object a line, one per term as it finishes (JSON Lines).")
    var jsonl = false

    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func validate() throws {
        if let waitTimeout, waitTimeout.duration <= .zero {
            throw UsageText.error(.usageWaitTimeoutPositive)
        }
        if let exec, ChildCommand(splitting: exec) == nil {
            throw UsageText.error(.usageExecWords)
        }
    }

    func run() async throws {
        let timeout = waitTimeout?.duration ?? Self.defaultWaitTimeout
        let command = exec.flatMap { ChildCommand(splitting: $0) }
        let terms = terms
        let format: WatchFlow.Format = jsonl ? .jsonl : .text
        try await AppContainer.run(connection: connection, json: jsonl, cache: .revalidate) { container in
            try await container.makeWatchFlow(terms: terms.count, format: format, waitTimeout: timeout, exec: command)
                .run(terms: terms)
        }
    }
}
