import ArgumentParser
import Domain
import Presentation
import Terminal

/// What a shell offers for a term number (⇥ after `report fetch`, `compare`, `watch`): the
/// interviews the local store keeps, newest first, read from the store of the profile and service
/// a command would use (the environment and config.toml; the flags typed before ⇥ are not read).
/// Never a request. zsh and fish show each with its kind and date; bash shows the numbers.
enum TermCompletion {
    @Sendable
    static func terms(words: [String], index: Int, prefix: String) -> [String] {
        guard let container = AppContainer.forCompletion(),
              let useCase = try? container.makeSearchUseCase() else { return [] }
        let language = container.makeWords()
        let shell = CompletionShell.requesting
        return useCase.keptInterviews().filter { $0.termNo.description.hasPrefix(prefix) }.map { interview in
            let number = interview.termNo.description
            let described = [InterviewKindWords.name(interview.itemType, words: language),
                             interview.companyName, interview.registeredAt.map { String($0.prefix(10)) }]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
            // The service's words on one line, printable: a line break or tab would end the entry.
            let shown = PrintableText.oneLine(described, maxLength: 80)
            switch shell {
            case .zsh: return "\(number):\(shown.replacing(":", with: "\\:"))"
            case .fish: return "\(number)\t\(shown)"
            default: return number
            }
        }
    }
}
