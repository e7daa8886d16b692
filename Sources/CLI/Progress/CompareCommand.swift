import ArgumentParser
import Domain
import Presentation
import Terminal

/// `report compare A B` or `report compare --latest 2`: two reports side by side.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two reports: each trait's and game's score and its change, grade, percentile, keywords.",
        discussion: """
            Traits and games match by name, across interview kinds; the change is from the older \
            interview to the newer, in whichever order the terms are given (a line on stderr says \
            when they were swapped, or are of different kinds, or are one interview). The video's gaze, \
            voice and speaking rate are compared as means, and per question where both asked \
            the same one. A section only one of them shows is said so. --latest 2 takes the \
            newest finished interview and the newest before it of the same kind. Both analyses \
            must be done (a pending one exits 75, a failed one 65). --format markdown or html \
            writes the comparison to paste into a note or to share as one page; --format csv as one \
            table, a row a measure (RFC 4180; with -o FILE Excel reads its Hangul); --jq EXPR filters \
            the JSON. Reports kept in the local cache \
            are revalidated (If-None-Match), not downloaded again, or not asked for while fresh \
            (Cache-Control: max-age; --refresh asks anyway); --offline compares kept \
            reports without asking the service.

            EXAMPLES:
              report compare 1031 1035
              report compare --latest 2
              report compare --latest 2 --kind personality --json | jq '.traits[] | select(.change < 0)'
              report compare 1031 1035 --offline
              report compare 1031 1035 --format html -o compare.html
              report compare 1031 1035 --format csv -o compare.csv
              report compare --latest 2 --jq '.traits[] | "\\(.name)\\t\\(.change)"'
            """
    )

    @Argument(help: ArgumentHelp("The two terms, in either order: the older is compared with the newer.", valueName: "term"),
              completion: .custom(TermCompletion.terms(words:index:prefix:)))
    var terms: [TermNumber] = []

    @Option(name: .long, help: ArgumentHelp("Compare the newest N (2) interviews of one kind whose analysis is done, the older first.",
                                            valueName: "n"))
    var latest: Int?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("With --latest: only interviews of this kind: company, personality or competency (repeatable).",
                                            valueName: "kind"))
    var kind: [ChoiceArgument<ItemType>] = []

    @Option(name: .long, help: ArgumentHelp(
        "How to write the comparison: text (for a person), json (as --json), markdown (to paste into a note or an issue), html (a self-contained page to share or print) or csv (a spreadsheet's table, a row a measure).",
        valueName: "format"))
    var format: CompareFormat?

    @OptionGroup var output: OutputOptions
    @OptionGroup var outputFile: OutputFileOption
    @OptionGroup var pager: PagerOption
    @OptionGroup(title: "Cache options") var cache: CacheOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func validate() throws {
        switch (terms.count, latest) {
        case (2, nil): break
        case (0, 2?): break
        case (0, let n?): throw UsageText.error(.usageCompareLatestTwo, ["count": "\(n)"])
        case (0, nil): throw UsageText.error(.usageCompareNeedsTwo)
        case (_, nil): throw UsageText.error(.usageCompareExactlyTwo, ["count": "\(terms.count)"])
        default: throw UsageText.error(.usageCompareNotBoth)
        }
        if output.filter.jq != nil, let format, format != .json {
            throw UsageText.error(.usageJQWithFormat, ["format": format.rawValue])
        }
        if output.json, let format, format != .json {
            throw UsageText.error(.usageJSONIsFormat, ["format": format.rawValue])
        }
        if !kind.isEmpty && latest == nil { throw UsageText.error(.usageKindWithLatest) }
        if latest != nil && cache.offline {
            throw UsageText.error(.usageOfflineLatest)
        }
    }

    func run() async throws {
        let request: CompareRequest = terms.count == 2
            ? .terms(terms[0], terms[1]) : .latest(filter: InterviewFilter(kinds: Set(kind.map(\.value))))
        let format = output.asksForJSON ? .json : format ?? .text
        try await AppContainer.run(connection: connection, json: output.json || self.format == .json, jq: output.filter.jq, outputFile: outputFile.file, color: output.color.color,
                                   paging: (format == .text || format == .markdown) && !pager.noPager, cache: cache.use) { container in
            let context = terms.count == 2 ? "compare \(terms[0]) \(terms[1])" : "compare --latest 2"
            let value = try await container.makeCompareScreen(request).value(context: context,
                notFoundHint: terms.isEmpty ? .hintCompareListDone : .hintCheckTermNumbers,
                failing: { container.writeLeftOut(endingWith: $0, json: format == .json) })
            container.writeLeftOut(value.leftOut, json: format == .json)
            for notice in ProgressWords(container.makeWords()).compareNotices(value) {
                container.standardError.note("report: " + notice + "\n")
            }
            let standardOutput = container.streams.output
            switch format {
            case .json:
                try standardOutput.write(JSONWriter.text(of: ComparisonDocument(value.comparison), pretty: standardOutput.isTerminal) + "\n")
            case .markdown: try standardOutput.write(MarkdownComparisonView(exported: container.exportTime, words: container.makeWords()).document(value))
            case .html: try standardOutput.write(HTMLComparisonView(exported: container.exportTime, words: container.makeWords()).document(value))
            case .text: try standardOutput.write(container.makeProgressView().render(value))
            case .csv:
                try standardOutput.write(bytes: ComparisonCSV(comparison: value.comparison).csv(words: container.makeWords(),
                                                                                                 byteOrderMark: outputFile.file != nil))
            }
            return value.leftOut.isEmpty ? .success : .partialFailure
        }
    }
}
