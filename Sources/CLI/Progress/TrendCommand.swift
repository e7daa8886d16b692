import ArgumentParser
import Domain
import Presentation
import Terminal

/// `report trend`: every trait and game over the member's finished interviews.
struct TrendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trend",
        abstract: "Show how each trait, game, grade and percentile changed over your finished interviews.",
        discussion: """
            Takes every interview whose analysis is done (or those --kind, --since, --until and \
            --last keep, or the terms given), in the order they were taken, and for each trait, \
            game and video measure (gaze, voice) seen in more than one report shows a sparkline \
            over those interviews (· where a report has no value) with the first, last and best \
            score, then what rose most and what fell of all of them. Games are compared in \
            percent of their maximum, the percentile as "top N%". Reports are fetched \
            --parallel at a time, over reused connections; those kept in the local cache are \
            revalidated (If-None-Match), not downloaded again, or not asked for while fresh \
            (Cache-Control: max-age). --format html writes the trend as \
            one self-contained page (sparklines as inline SVG, no scripts) to share or print; --format csv \
            one table, a row a measure of an interview (RFC 4180, dates in KST; with -o FILE Excel \
            reads its Hangul); --jq EXPR filters the JSON (each line with --jsonl).

            EXAMPLES:
              report trend
              report trend --kind personality --last 5
              report trend --since 2026-01-01 --json | jq '.traits[] | {name, change}'
              report trend 1031 1032 1033 1034 1035
              report trend --since 2026-01-01 --until 2026-06-30
              report trend --kind personality --format html -o trend.html
              report trend --format csv -o trend.csv
              report trend --jq '.traits[] | select(.change > 0) | .name'
            """
    )

    @Argument(help: ArgumentHelp("The terms to follow (at least 2), instead of choosing them from the list.", valueName: "term"),
              completion: .custom(TermCompletion.terms(words:index:prefix:)))
    var terms: [TermNumber] = []

    @OptionGroup var selection: InterviewSelectionOptions

    @Option(name: .long, help: ArgumentHelp("Only the newest N finished interviews (at least 2).", valueName: "n"))
    var last: Int?

    @Option(name: .long, help: ArgumentHelp("How many reports to fetch at once (1–64).", valueName: "n"))
    var parallel = 8

    @Flag(name: .long, help: "One JSON object a line: each trait's and game's series, then the aptitude's.")
    var jsonl = false

    @Option(name: .long, help: ArgumentHelp(
        "How to write the trend: text (for a person), json (as --json), html (a self-contained page to share or print) or csv (a spreadsheet's table, a row a measure of an interview).",
        valueName: "format"))
    var format: TrendFormat?

    // No --offline: the interviews to take come from the service's list, which is not kept.
    @Flag(name: .customLong("no-cache"), help: """
        Fetch every report whole, not through the local cache (by default a report kept from an \
        earlier fetch is revalidated with If-None-Match, and a 304 reads the kept copy).
        """)
    var noCache = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var outputFile: OutputFileOption
    @OptionGroup var pager: PagerOption
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    func validate() throws {
        if terms.count == 1 { throw UsageText.error(.usageTrendOneTerm) }
        if !terms.isEmpty && (!selection.isEmpty || last != nil) {
            throw UsageText.error(.usageTrendTermsOrFilters)
        }
        if let last, last < 2 { throw UsageText.error(.usageTrendLast, ["last": "\(last)"]) }
        guard (1...64).contains(parallel) else { throw UsageText.error(.usageTrendParallel, ["parallel": "\(parallel)"]) }
        if output.json && jsonl { throw UsageText.error(.usageJSONOrJSONL) }
        if output.filter.jq != nil, let format, format != .json {
            throw UsageText.error(.usageJQWithFormat, ["format": format.rawValue])
        }
        if output.json, let format, format != .json {
            throw UsageText.error(.usageJSONIsFormat, ["format": format.rawValue])
        }
        if jsonl, let format {
            throw UsageText.error(.usageJSONLWithFormat, ["format": format.rawValue])
        }
    }

    /// `--format`, with `--json` as `--format json` (and `--jq` without `--jsonl`, which implies it).
    var trendFormat: TrendFormat { output.json || (output.filter.jq != nil && !jsonl) ? .json : format ?? .text }

    func run() async throws {
        let request = TrendRequest(filter: InterviewFilter(kinds: selection.kinds), since: selection.since, until: selection.until, last: last,
                                   terms: terms)
        let format = trendFormat
        try await AppContainer.run(connection: connection, json: output.json || self.format == .json || jsonl, jq: output.filter.jq, outputFile: outputFile.file,
                                   color: output.color.color, paging: format == .text && !jsonl && !pager.noPager,
                                   cache: noCache ? .off : .revalidate) { container in
            let json = format == .json || jsonl
            let value = try await container.makeTrendScreen(request, parallel: parallel).value(context: "trend",
                notFoundHint: terms.isEmpty ? .hintTrendWiden : .hintCheckTermsDone,
                failing: { container.writeLeftOut(endingWith: $0, json: json) })
            container.writeLeftOut(value.leftOut, json: json)
            let standardOutput = container.streams.output
            if jsonl {
                try standardOutput.write(TrendDocument(value.trend).lines().joined())
            } else if format == .json {
                try standardOutput.write(JSONWriter.text(of: TrendDocument(value.trend), pretty: standardOutput.isTerminal) + "\n")
            } else if format == .csv {
                try standardOutput.write(bytes: TrendCSV(trend: value.trend).csv(words: container.makeWords(),
                                                                                  byteOrderMark: outputFile.file != nil))
            } else if format == .html {
                try standardOutput.write(HTMLTrendView(exported: container.exportTime, words: container.makeWords()).document(value))
            } else {
                try standardOutput.write(container.makeProgressView().render(value))
            }
            return value.leftOut.isEmpty ? .success : .partialFailure
        }
    }
}

/// `report trend --format`.
enum TrendFormat: String, CaseInsensitiveChoice, Sendable {
    case text, json, html, csv

    init?(argument: String) { self.init(anyCase: argument) }
}
