import ArgumentParser
import Presentation
import Synchronization

/// A command's own check of its arguments (`validate()`), in the catalog's words. ArgumentParser
/// carries a `ValidationError` as text, so the error holds the message's English form (the
/// `--json` document's message), and the check that threw it is kept by its message (its key and
/// values, or several messages in one line) for the run that is parsing (`Check`): the line a
/// person reads is said from it in the run's language, never found again from the English text.
enum UsageText {
    /// The first check that failed while one command line was parsed.
    final class Check: Sendable {
        private let failed = Mutex<Said?>(nil)

        init() {}

        /// The failed check's line.
        var value: Said? { failed.withLock { $0 } }

        fileprivate func record(_ line: Said) {
            failed.withLock { if $0 == nil { $0 = line } }
        }
    }

    /// Where the command line being parsed keeps its failed check (`ReportCommand.run`).
    @TaskLocal static var check: Check?

    static func error(_ message: Message, _ arguments: [String: String] = [:]) -> ValidationError {
        error(Said(message, data: arguments))
    }

    /// A check whose line is made of several messages (`--link`'s problem inside its refusal).
    static func error(_ line: Said) -> ValidationError {
        check?.record(line)
        return ValidationError(line.text(in: .english))
    }
}
