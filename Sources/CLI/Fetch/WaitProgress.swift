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
        standardError.note("\r\u{1B}[Kreport: " + words(.waitProgress, ["term": "\(termNo)", "waited": WaitProgress.text(waited, words: words)]))
    }

    func clear() {
        guard standardError.isTerminal, shown.withLock({ shown in defer { shown = false }; return shown }) else { return }
        standardError.note("\r\u{1B}[K")
    }

    /// "45s", "3m 20s", "1h 5m"; in Korean "45초", "3분 20초", "1시간 5분".
    static func text(_ duration: Duration, words: Words = .english) -> String {
        let seconds = Int(duration.components.seconds)
        func unit(_ message: Message, _ count: Int) -> String { words(message, ["count": "\(count)"]) }
        if seconds < 60 { return unit(.waitedSeconds, seconds) }
        if seconds < 3600 {
            return seconds % 60 == 0 ? unit(.waitedMinutes, seconds / 60)
                : unit(.waitedMinutes, seconds / 60) + " " + unit(.waitedSeconds, seconds % 60)
        }
        return unit(.waitedHours, seconds / 3600) + " " + unit(.waitedMinutes, seconds % 3600 / 60)
    }
}
