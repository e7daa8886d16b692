import ArgumentParser
import Domain
import Presentation

/// `report search`: the reports kept on this machine, searched in Korean as a search box does.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the reports kept on this machine: tips, character, keywords, video feedback.",
        discussion: """
            Looks in every report kept in the local store (fetch, watch and sync keep them) — \
            the tips' summary, titles and bodies, the character type, its description and the \
            traits' comments, the keywords, the video questions and their feedback — and never \
            asks the service. The words of the query are one phrase; blanks and case do not \
            matter, so 압박면접 finds 압박 면접, and any part of a word matches (침착 finds \
            침착하게). A query of initial consonants alone finds the syllables they begin \
            (ㅊㅊㅎㄱ finds 침착하게).

            Matches are ranked (more of them, in a title or keyword rather than a body, the \
            phrase as typed first; then the newer interview), each with its term, date, kind, \
            company, section and a short excerpt with the match in bold on a terminal (in \
            [brackets] in a pipe, one tab-separated line a match). --json prints one document, \
            --jsonl one match a line. Exit status: 0 when something matched, 1 when nothing \
            did (as grep).

            EXAMPLES:
              report search 결론 먼저
              report search 압박면접 --kind company --since 2026-01-01
              report search ㅊㅊㅎㄱ
              report search STAR --json | jq '.matches[].term'
            """
    )

    @Argument(help: ArgumentHelp("What to look for: one phrase (its words may be given apart).", valueName: "query"))
    var query: [String] = []

    @OptionGroup var selection: InterviewSelectionOptions

    @Option(name: .long, help: ArgumentHelp("Only interviews whose company name contains this.", valueName: "name"))
    var company: String?

    @Option(name: .long, help: ArgumentHelp("At most this many matches (1–1000).", valueName: "n"))
    var limit = 20

    @Flag(name: .long, help: "Print one JSON object a line, one per match (JSON Lines).")
    var jsonl = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    var text: String { query.joined(separator: " ") }

    func validate() throws {
        guard text.contains(where: { !$0.isWhitespace }) else { throw UsageText.error(.usageSearchEmpty) }
        guard (1...1000).contains(limit) else { throw UsageText.error(.usageSearchLimit) }
        if output.json && jsonl { throw UsageText.error(.usageJSONOrJSONL) }
    }

    func run() async throws {
        let query = SearchQuery(text: text, kinds: selection.kinds, since: selection.since, until: selection.until, company: company,
                                limit: limit)
        let format: SearchFlow.Format = output.json ? .json : jsonl ? .jsonl : .text
        try await AppContainer.run(connection: connection, json: format != .text, color: output.color.color, cache: .offline) { container in
            try await container.makeSearchFlow(format: format).run(query)
        }
    }
}
