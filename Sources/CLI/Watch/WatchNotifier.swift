import Terminal

/// `report watch`'s notification of a finished term, for a person at a terminal only (never on a
/// pipe): the terminal's own (OSC 9, which iTerm2, Windows Terminal, kitty and WezTerm show; OSC
/// 777, which VTE terminals, foot, Ghostty and urxvt show; each is ignored by a terminal that does
/// not know it), written to stderr, and the desktop's through `notify-send` where it is installed.
struct WatchNotifier: Sendable {
    /// stderr, the terminal the sequences go to.
    let standardError: StandardStream
    /// `notify-send`, when it is found in PATH; nil otherwise.
    let notifySend: ChildCommand?
    /// The run's environment, for `notify-send` ("NAME=value").
    let environment: [String]

    /// Finds `notify-send` in `path` when stderr is a terminal.
    init(standardError: StandardStream, path: String?, environment: [String]) {
        self.standardError = standardError
        self.environment = environment
        let command = ChildCommand(words: ["notify-send"])
        notifySend = standardError.isTerminal && command.isRunnable(path: path) ? command : nil
    }

    var isEnabled: Bool { standardError.isTerminal }

    /// Notifies `text` (one line, already in the run's language).
    func notify(_ text: String) async {
        guard isEnabled else { return }
        // No control character may end the sequence early, and OSC 777 separates fields with ';'.
        let body = PrintableText.line(text)
        standardError.note("\u{1B}]9;\(body)\u{07}\u{1B}]777;notify;report;\(body)\u{07}")
        if let notifySend {
            _ = await ChildCommand(words: notifySend.words + ["--app-name=report", "--", "report", body]).run(environment: environment)
        }
    }
}
