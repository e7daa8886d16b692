import Domain
import Presentation
import Synchronization
import Terminal

/// The `--wait` progress line on stderr: shown only when stderr is a terminal, rewritten in
/// place, and cleared before anything else is written (only if it was shown: a terminal that
/// never saw it gets no escape sequence).
final class WaitProgress: Sendable {
    let termNo: TermNumber
    let standardError: StandardStream
    let words: Words
    private let shown = Mutex(false)

    init(termNo: TermNumber, standardError: StandardStream, words: Words = .english) {
        self.termNo = termNo
        self.standardError = standardError
        self.words = words
    }

    func show(waited: Duration) {
        guard standardError.isTerminal else { return }
        shown.withLock { $0 = true }
        standardError.note("\r\u{1B}[Kreport: " + words(.waitProgress, ["term": "\(termNo)", "waited": WaitProgress.text(waited)]))
    }

    func clear() {
        guard standardError.isTerminal, shown.withLock({ shown in defer { shown = false }; return shown }) else { return }
        standardError.note("\r\u{1B}[K")
    }

    /// "45s", "3m 20s", "1h 5m".
    static func text(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3600 { return seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds / 60)m \(seconds % 60)s" }
        return "\(seconds / 3600)h \(seconds % 3600 / 60)m"
    }
}
