import Domain
import Presentation
import Terminal

/// `report search`: asks the search screen for the matches and writes them — a document, JSON
/// Lines, or for a person a block a match on a terminal and a tab-separated line a match in a pipe.
struct SearchFlow: Sendable {
    enum Format: Sendable {
        case text
        case json
        case jsonl
    }

    let screen: @Sendable (SearchQuery) -> LoadViewModel<SearchResults>
    let format: Format
    let style: TextStyle
    let words: Words
    let standardOutput: StandardStream
    let standardError: StandardStream

    func run(_ query: SearchQuery) async throws -> ExitStatus {
        let results = try await screen(query).value(context: "search")
        switch format {
        case .json:
            try standardOutput.write(JSONWriter.text(of: SearchDocument(query: query, results: results), pretty: standardOutput.isTerminal) + "\n")
        case .jsonl:
            var lines = ""
            for hit in results.hits {
                lines += JSONWriter.text(of: SearchDocument.Match(hit, schemaVersion: DocumentSchema.version), pretty: false) + "\n"
            }
            try standardOutput.write(lines)
        case .text:
            try standardOutput.write(standardOutput.isTerminal ? blocks(results.hits) : lines(results.hits))
            if standardError.isTerminal {
                if results.hits.isEmpty {
                    let hint = results.reports == 0 ? words[.hintSearchSync] : nil
                    standardError.note("report: " + words.line(words(.searchNoMatch, ["query": "'\(PrintableText.line(query.text))'"]), hint: hint) + "\n")
                } else {
                    standardError.note(style.dim(words(.searchSummary, ["count": "\(results.total)", "reports": "\(results.reports)"])) + "\n")
                }
            }
        }
        return results.hits.isEmpty ? .partialFailure : .success
    }

    /// On a terminal: the interview and the section on a line, the excerpt indented below it.
    private func blocks(_ hits: [SearchHit]) -> String {
        var text = ""
        for hit in hits {
            let excerpt = SearchExcerpt(hit)
            let (before, match, after) = (PrintableText.line(excerpt.before), PrintableText.line(excerpt.match), PrintableText.line(excerpt.after))
            let marked = style.enabled ? before + style.bold(match) + after : before + "[" + match + "]" + after
            let heading = heading(hit).map { PrintableText.line($0) }.joined(separator: " · ")
            text += style.bold("\(hit.termNo)") + "  " + style.dim(heading) + "\n"
            text += "    " + marked + "\n"
        }
        return text
    }

    /// In a pipe: one line a match, its fields separated by tabs, the match in [brackets].
    private func lines(_ hits: [SearchHit]) -> String {
        var text = ""
        for hit in hits {
            var fields: [String] = ["\(hit.termNo)"]
            fields += heading(hit)
            fields.append(SearchExcerpt(hit).text(open: "[", close: "]"))
            let cells: [String] = fields.map { field in String(PrintableText.line(field).map { $0 == "\t" ? " " : $0 }) }
            text += cells.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// The date (in KST), the kind, the company and the section › field.
    private func heading(_ hit: SearchHit) -> [String] {
        [hit.registeredAt.map { DisplayDate.text($0, words: words) } ?? SectionFormatter.unknown,
         InterviewKindWords.name(hit.itemType, words: words),
         hit.companyName ?? SectionFormatter.unknown,
         hit.field.name(words) + (hit.label.map { " (\($0))" } ?? "")]
    }
}
