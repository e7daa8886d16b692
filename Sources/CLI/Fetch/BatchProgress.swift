import Presentation
import Terminal

/// The progress line of a batch on stderr — `report: 120 of 1000 done, 2 failed, 85/s` — shown
/// only when stderr is a terminal, rewritten in place at most ten times a second, and cleared
/// before anything else is written to either stream (they may share the terminal).
struct BatchProgress: Sendable {
    let standardError: StandardStream
    let isEnabled: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    private var isShown = false

    let words: Words

    init(standardError: StandardStream, words: Words = .english) {
        self.standardError = standardError
        self.words = words
        isEnabled = standardError.isTerminal
        start = clock.now
    }

    /// Redraws the line if a tenth of a second has passed since it was last drawn (or it is not
    /// shown). `total` is nil while the input is still being read.
    mutating func update(done: Int, failed: Int, total: Int?) {
        guard isEnabled else { return }
        let now = clock.now
        if isShown, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        isShown = true
        standardError.note("\r\u{1B}[K" + Self.text(done: done, failed: failed, total: total, elapsed: now - start, words: words))
    }

    /// Takes the line off the screen, so that a document or an error line can be written.
    mutating func clear() {
        guard isShown else { return }
        isShown = false
        standardError.note("\r\u{1B}[K")
    }

    static func text(done: Int, failed: Int, total: Int?, elapsed: Duration, words: Words = .english) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0.2 ? words(.batchProgressRate, ["rate": "\(Int((Double(done) / seconds).rounded()))"]) : ""
        let counts = total.map { words(.batchProgressOf, ["done": "\(done)", "total": "\($0)", "failed": "\(failed)"]) }
            ?? words(.batchProgress, ["done": "\(done)", "failed": "\(failed)"])
        return "report: \(counts)\(rate)"
    }
}
