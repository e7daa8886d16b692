import ArgumentParser
import Domain
import Presentation

/// A value named on the command line by one of a fixed set of words.
protocol ArgumentChoice: Sendable {
    /// The words, in the order help lists them, and what each means.
    static var choices: [(word: String, value: Self)] { get }
}

extension AnalysisStatus: ArgumentChoice {
    static let choices: [(word: String, value: AnalysisStatus)] = [("done", .done), ("pending", .pending), ("failed", .failed)]
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
