import ArgumentParser
import Domain
import Presentation

/// A value named on the command line by one of a fixed set of words.
protocol ArgumentChoice: Sendable {
    /// The words, in the order help lists them, and what each means.
    static var choices: [(word: String, value: Self)] { get }
}

extension AnalysisStatus: ArgumentChoice {
    /// `ready` is the word `report list` shows for `done` (the JSON's `DONE`): both are accepted.
    static let choices: [(word: String, value: AnalysisStatus)] = [("done", .done), ("ready", .done), ("pending", .pending), ("failed", .failed)]
}

extension ItemType: ArgumentChoice {
    static let choices: [(word: String, value: ItemType)] = InterviewKindWords.known.map { ($0.word, $0.kind) }
}

/// `--status done`, `--kind personality`: one of `Value`'s words, in any case.
struct ChoiceArgument<Value: ArgumentChoice>: ExpressibleByArgument, Sendable {
    let value: Value
    /// The word as the choices spell it.
    let text: String

    init?(argument: String) {
        guard let choice = Value.choices.first(where: { $0.word == argument.lowercased() }) else { return nil }
        (value, text) = (choice.value, choice.word)
    }

    static var allValueStrings: [String] { Value.choices.map(\.word) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// An option's value read in any case (`--format JSON`, `--section Tips`), as `--kind Company` and
/// `--status DONE` are: one rule for every option that takes a word.
protocol CaseInsensitiveChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension CaseInsensitiveChoice {
    init?(anyCase argument: String) {
        guard let value = Self.allCases.first(where: { $0.rawValue == argument.lowercased() }) else { return nil }
        self = value
    }
}
