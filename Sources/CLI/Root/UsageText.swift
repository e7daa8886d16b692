import ArgumentParser
import Presentation
import Synchronization

/// A command's own check of its arguments (`validate()`), in the catalog's words. ArgumentParser
/// carries a `ValidationError` as text, so the error holds the message's English form (the
/// `--json` document's message), and the check that threw it is kept by its key for the run that
/// is parsing (`Check`): the line a person reads is said from that key in the run's language,
/// never found again from the English text.
enum UsageText {
    /// The first check that failed while one command line was parsed.
    final class Check: Sendable {
        private let failed = Mutex<(message: Message, arguments: [String: String])?>(nil)

        init() {}

        var value: (message: Message, arguments: [String: String])? { failed.withLock { $0 } }

        fileprivate func record(_ message: Message, _ arguments: [String: String]) {
            failed.withLock { if $0 == nil { $0 = (message, arguments) } }
        }
    }

    /// Where the command line being parsed keeps its failed check (`ReportCommand.run`).
    @TaskLocal static var check: Check?

    static func error(_ message: Message, _ arguments: [String: String] = [:]) -> ValidationError {
        check?.record(message, arguments)
        return ValidationError(Words.english(message, arguments))
    }
}
