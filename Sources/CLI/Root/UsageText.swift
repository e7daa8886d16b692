import ArgumentParser
import Presentation

/// A command's own check of its arguments (`validate()`), in the catalog's words. ArgumentParser
/// carries a `ValidationError` as text, so the error holds the message's English form — the
/// `--json` document's message — and the line a person reads is found again from that text in
/// the run's language, as gettext finds a translation by its English msgid.
enum UsageText {
    /// The messages a command's check may throw.
    static let messages: [Message] = Message.allCases.filter { message in
        message.rawValue.hasPrefix("usage") && !argumentMessages.contains(message)
    }

    /// The argument errors said by `UsageMistake`, not by a command's check.
    private static let argumentMessages: Set<Message> = [
        .usageUnknownOption, .usageDidYouMean, .usageSeeHelp, .usageMissingValue, .usageBadChoice, .usageBadValue,
        .usageFlagTakesNoValue, .usageBadTerm, .usageBadArgument, .usageBadArgumentChoice, .usageUnexpectedArgument, .usageMissingArgument,
        .usageUnknownCommand, .usageSeeCommands, .usageNoHelpTopic, .usageHelpTopics,
    ]

    static func error(_ message: Message, _ arguments: [String: String] = [:]) -> ValidationError {
        ValidationError(Words.english(message, arguments))
    }

    /// `english` (a command check's message) in `words`' language; nil when it is not one of them.
    static func translate(_ english: String, into words: Words) -> String? {
        for message in messages {
            if let arguments = match(english, template: Words.english.template(message)) {
                return words(message, arguments)
            }
        }
        return nil
    }

    /// The placeholders' values if `text` is `template` filled in; nil otherwise. Literal pieces
    /// are matched in order; a placeholder takes the text up to the next literal piece.
    static func match(_ text: String, template: String) -> [String: String]? {
        var pieces: [(literal: String, name: String?)] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pieces.append((String(rest[..<open]), String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        pieces.append((String(rest), nil))
        var arguments: [String: String] = [:]
        var remaining = text[...]
        var pendingName: String?
        for (index, piece) in pieces.enumerated() {
            let isLast = index == pieces.count - 1
            if let name = pendingName {
                // The placeholder's value runs to this literal (to the end for the last one).
                if isLast {
                    guard remaining.hasSuffix(piece.literal) else { return nil }
                    let value = remaining.dropLast(piece.literal.count)
                    guard !value.isEmpty else { return nil }
                    arguments[name] = String(value)
                    remaining = remaining[remaining.endIndex...]
                } else {
                    guard !piece.literal.isEmpty, let range = remaining.firstRange(of: piece.literal),
                          range.lowerBound > remaining.startIndex else { return nil }
                    arguments[name] = String(remaining[..<range.lowerBound])
                    remaining = remaining[range.upperBound...]
                }
            } else {
                guard remaining.hasPrefix(piece.literal) else { return nil }
                remaining = remaining.dropFirst(piece.literal.count)
                if isLast { guard remaining.isEmpty else { return nil } }
            }
            pendingName = piece.name
        }
        return remaining.isEmpty ? arguments : nil
    }
}
