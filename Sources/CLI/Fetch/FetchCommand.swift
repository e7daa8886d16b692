import ArgumentParser
import Domain
import Presentation
import Terminal

/// `report fetch`: the analysis report of one interview (`--term N`, `--link URL`) or of many
/// (`--term` repeated, `--terms-from FILE`), fetched concurrently.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch an interview's analysis report and print its sections.",
        discussion: """
            Sections follow the interview's kind: company interviews show tips, character, \
            aptitude and keywords; personality interviews tips, character and keywords; \
            competency interviews tips, aptitude and keywords. A section without data is shown \
            as "not available". While the analysis is still running, the title is printed and \
            report exits with 75.

            --format markdown writes headings, tables and Unicode bars to paste into a note or an \
            issue; --format html one self-contained page (inline CSS and SVG, no scripts) to open, \
            share or print to PDF on A4. Both show what the terminal shows; -o FILE writes either \
            atomically.

            Several terms (--term repeated, --terms-from FILE) are fetched --parallel at a time; \
            --jsonl prints one JSON document a line, in input order unless --unordered; with \
            --format markdown or html all the reports go into one document. A term \
            that fails writes one line on stderr and the others carry on; a summary follows. Exit \
            status: 0 all fetched, 1 some failed, otherwise the failures' shared code (2 when \
            they differ). Bad lines of FILE are reported with their line number and count as \
            failed.

            Finished reports are kept in a local cache (report cache info); the next fetch of \
            a term asks the service only whether it changed (If-None-Match), and a 304 prints \
            the kept copy — or asks nothing while the service said the report is fresh \
            (Cache-Control: max-age; --refresh asks anyway). --offline reads only the cache; \
            --no-cache neither reads nor writes it.

            EXAMPLES:
              report fetch 1001
              report fetch 1001 --json | jq '.sections[].name'
              report fetch 1001 --section aptitude,video
              report fetch 1001 --format html -o report-1001.html
              report fetch 1001 --format markdown > report-1001.md
              report fetch 1006 --wait --wait-timeout 2m
              seq 1001 1030 | report fetch --terms-from - --jsonl > reports.jsonl
              report fetch 1001 --offline
              report fetch 1001 --refresh
            """
    )

    @Argument(help: ArgumentHelp("Term numbers of the interviews (as --term).", valueName: "term"), completion: .custom(TermCompletion.terms(words:index:prefix:)))
    var terms: [TermNumber] = []

    @Option(name: .long, help: ArgumentHelp("The interview's term number; repeat it for several.", valueName: "number"),
            completion: .custom(TermCompletion.terms(words:index:prefix:)))
    var term: [TermNumber] = []

    /// The terms given as arguments, then those given with --term.
    var allTerms: [TermNumber] { terms + term }

    @Option(name: .long, help: ArgumentHelp(
        "Fetch the terms listed in a file, one a line (- for stdin; blank lines and # comments are skipped).",
        valueName: "file"), completion: .file())
    var termsFrom: String?

    @Option(name: .long, help: ArgumentHelp(
        "Fetch the report an app link points to (iamground://analysisComplete?memIdx=…&termNo=…); it must be yours.",
        valueName: "link"))
    var link: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "Only these sections, comma-separated: title, tips, character, aptitude, keywords, video (video is fetched only when asked for).",
        valueName: "names"))
    var section: [SectionList] = []

    @Flag(name: .long, help: "Fetch your newest interview whose analysis is done.")
    var latest = false

    @Flag(name: .long, help: "While the analysis is still running, keep asking (with backoff) until it is ready.")
    var wait = false

    @Option(name: .long, help: ArgumentHelp("How long --wait waits, e.g. 90s, 10m, 1h (default: 10m).", valueName: "duration"))
    var waitTimeout: DurationArgument?

    static let defaultWaitTimeout = Duration.seconds(600)

    @Option(name: .long, help: ArgumentHelp("With several terms: how many to fetch at once (1–\(Self.maxParallel)).",
                                            valueName: "n"))
    var parallel = 8

    @Flag(name: .long, help: "After the report, explain how to read each of its sections (the service's hints).")
    var explain = false

    @Flag(name: .long, help: "Print one JSON document a line, one per term (JSON Lines).")
    var jsonl = false

    @Option(name: .long, help: ArgumentHelp(
        "How to write the report: text (for a person), json (as --json), markdown (to paste into a note or an issue) or html (a self-contained page to share or print).",
        valueName: "format"))
    var format: ReportFormat?

    /// `--format`, with `--json` as `--format json` (and `--jq` of one term, which implies it).
    var reportFormat: ReportFormat { output.json || (output.filter.jq != nil && !writesLines) ? .json : format ?? .text }

    /// `--jsonl`, or `--jq` of several terms: their JSON is one document a line.
    var writesLines: Bool {
        jsonl || (output.filter.jq != nil && !output.json && format == nil && (allTerms.count > 1 || termsFrom != nil))
    }

    @Flag(name: .long, help: "With several terms: print each as it is fetched rather than in input order.")
    var unordered = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var outputFile: OutputFileOption
    @OptionGroup var pager: PagerOption
    @OptionGroup(title: "Cache options") var cache: CacheOptions
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions

    static let maxParallel = 64

    /// Several terms, or JSON Lines: the batch, with its error lines and summary.
    var isBatch: Bool { allTerms.count > 1 || termsFrom != nil || writesLines }

    func validate() throws {
        if waitTimeout != nil && !wait {
            throw UsageText.error(.usageWaitTimeoutNeedsWait)
        }
        if let waitTimeout, waitTimeout.duration <= .zero {
            throw UsageText.error(.usageWaitTimeoutPositive)
        }
        if latest {
            guard allTerms.isEmpty, termsFrom == nil, link == nil else {
                throw UsageText.error(.usageLatestAlone)
            }
        } else if let link {
            guard allTerms.isEmpty, termsFrom == nil else {
                throw UsageText.error(.usageLinkAlone)
            }
            do throws(AnalysisCompleteLink.ParseError) {
                _ = try AnalysisCompleteLink(parsing: link)
            } catch {
                let reason = Self.reason(error)
                throw UsageText.error(Said(.detailRefusalInvalidLink, ["detail": .said(Said(reason.message, data: reason.values))]))
            }
        } else if allTerms.isEmpty && termsFrom == nil {
            throw UsageText.error(.usageFetchNeedsTerm)
        }
        guard (1...Self.maxParallel).contains(parallel) else {
            throw UsageText.error(.usageParallelRange, ["max": "\(Self.maxParallel)"])
        }
        if output.json && jsonl {
            throw UsageText.error(.usageJSONAndJSONL)
        }
        if output.filter.jq != nil, let format, format != .json {
            throw UsageText.error(.usageJQWithFormat, ["format": format.rawValue])
        }
        if output.json, let format, format != .json {
            throw UsageText.error(.usageJSONIsFormat, ["format": format.rawValue])
        }
        if jsonl, let format {
            throw UsageText.error(.usageJSONLWithFormat, ["format": format.rawValue])
        }
        if explain && (reportFormat == .json || isBatch || output.filter.jq != nil) {
            throw UsageText.error(.usageExplainAlone)
        }
        if reportFormat == .json && isBatch {
            throw UsageText.error(.usageJSONOneTerm)
        }
        if cache.offline {
            // Each of these asks the service for something the cache does not keep.
            let online: [(Bool, Message)] = [(latest, .usageOfflineLatest), (link != nil, .usageOfflineLink),
                                             (explain, .usageOfflineExplain), (wait, .usageOfflineWait)]
            if let reason = online.first(where: \.0)?.1 {
                throw UsageText.error(reason)
            }
        }
    }

    func run() async throws {
        let sections = SectionList.union(section)
        let timeout = wait ? waitTimeout?.duration ?? Self.defaultWaitTimeout : nil
        let reportFormat = reportFormat
        // Text and Markdown are read by a person on a terminal; JSON and HTML are for programs.
        let jsonl = writesLines
        let paged = !jsonl && (reportFormat == .text || reportFormat == .markdown)
        try await AppContainer.run(connection: connection, json: output.json || format == .json || self.jsonl, jq: output.filter.jq,
                                   outputFile: outputFile.file,
                                   color: output.color.color, paging: paged && !pager.noPager, cache: cache.use) { container in
            let format: FetchFlow.Format = switch reportFormat {
            case .text: .text
            case .json: .json(pretty: container.streams.output.isTerminal)
            case .markdown: .markdown
            case .html: .html(page: true)
            }
            if let link {
                return try await container.makeFetchFlow(format: format, sections: sections, waitTimeout: timeout,
                                                         explain: explain, link: true)
                    .run(link: Self.parse(link: link))
            }
            if isBatch {
                let file = try termsFrom.map { path throws(CLIError) in try TermSource.open(path) }
                let batchFormat: BatchFetchFlow.Format = switch reportFormat {
                case _ where jsonl: .jsonl
                case .markdown: .markdown
                case .html: .html
                case .text, .json: .text
                }
                let flow = try container.makeBatchFetchFlow(format: batchFormat, sections: sections,
                                                            waitTimeout: timeout, parallel: parallel, unordered: unordered)
                let terms = allTerms
                let termCount = terms.count
                return try await flow.run(TermSource(terms: terms, file: file), expectedTotal: {
                    guard let termsFrom else { return termCount }
                    return await TermSource.countEntries(path: termsFrom).map { termCount + $0 }
                })
            }
            let flow = try container.makeFetchFlow(format: format, sections: sections, waitTimeout: timeout, explain: explain)
            if latest {
                return try await flow.run(latestOf: try container.makeInterviewListViewModel(pageSize: ListCommand.defaultPageSize))
            }
            return try await flow.run(termNo: allTerms[0])
        }
    }

    /// The app's deep link, or a usage error saying what is wrong with it.
    private static func parse(link: String) throws(CLIError) -> AnalysisCompleteLink {
        do throws(AnalysisCompleteLink.ParseError) {
            return try AnalysisCompleteLink(parsing: link)
        } catch {
            let reason = reason(error)
            throw CLIError(.detailRefusalInvalidLink, ["detail": .said(Said(reason.message, data: reason.values))], kind: .usage)
        }
    }

    /// Why `--link` is not an analysis link, as the catalog says it.
    private static func reason(_ error: AnalysisCompleteLink.ParseError) -> (message: Message, values: [String: String]) {
        switch error.problem {
        case .notAnalysisLink: (.linkNotAnalysisLink, [:])
        case .noQuery: (.linkNoQuery, [:])
        case .noValue(let name): (.linkNoValue, ["name": PrintableText.oneLine(name, maxLength: 40)])
        case .givenTwice(let name): (.linkGivenTwice, ["name": PrintableText.oneLine(name, maxLength: 40)])
        case .badMemIdx: (.linkBadMemIdx, [:])
        case .badTermNo: (.linkBadTermNo, [:])
        }
    }
}

/// `--section tips,character`: one or more section names, comma-separated, in any case.
struct SectionList: ExpressibleByArgument, Sendable {
    let sections: [ReportSection]

    init?(argument: String) {
        var sections: [ReportSection] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let section = ReportSection(rawValue: String(name.filter { $0 != " " }).lowercased()) else { return nil }
            sections.append(section)
        }
        self.sections = sections
    }

    static var allValueStrings: [String] { ReportSection.allCases.map(\.rawValue) }

    /// A shell completes one name at a time (`--section tips` ⇥).
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// All the sections of every `--section`; nil when none was given (every section of the kind).
    static func union(_ lists: [SectionList]) -> Set<ReportSection>? {
        lists.isEmpty ? nil : Set(lists.flatMap(\.sections))
    }
}
