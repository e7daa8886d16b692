import ArgumentParser
import Domain

/// `--kind`, `--since` and `--until`: which of the member's interviews a command looks at
/// (`search`, `trend`), by kind and by the interview's own date.
struct InterviewSelectionOptions: ParsableArguments {
    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("Only interviews of a kind: company, personality or competency (repeatable).",
                                                                   valueName: "kind"))
    var kind: [ChoiceArgument<ItemType>] = []

    @Option(name: .long, help: ArgumentHelp("Only interviews taken on or after this date (YYYY-MM-DD, the interview's own date).",
                                            valueName: "date"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Only interviews taken on or before this date (YYYY-MM-DD, the interview's own date).",
                                            valueName: "date"))
    var until: String?

    /// The kinds given; none: every kind.
    var kinds: Set<ItemType> { Set(kind.map(\.value)) }

    /// None of the three was given.
    var isEmpty: Bool { kind.isEmpty && since == nil && until == nil }

    func validate() throws {
        if let since, !Self.isDate(since) { throw UsageText.error(.usageBadSince, ["value": since]) }
        if let until, !Self.isDate(until) { throw UsageText.error(.usageBadUntil, ["value": until]) }
        if let since, let until, since > until {
            throw UsageText.error(.usageSinceAfterUntil, ["since": "\(since)", "until": "\(until)"])
        }
    }

    /// `YYYY-MM-DD` with a month of 1–12 and a day of 1–31.
    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let digits = bytes.enumerated().filter { $0.offset != 4 && $0.offset != 7 }.map(\.element)
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        let month = Int(text.dropFirst(5).prefix(2)) ?? 0, day = Int(text.suffix(2)) ?? 0
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
