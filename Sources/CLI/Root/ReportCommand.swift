import ArgumentParser
import Presentation
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// `report`: the command-line client of the interview-analysis service.
public struct ReportCommand: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        parsingCommandLine ? parsingConfiguration : fullConfiguration
    }

    /// The configuration while a command line is parsed. `--generate-completion-script`, `--help`
    /// and the help dump are report's own, answered before the parse (`helpOrTypo`), so
    /// ArgumentParser's check for the completion flag — two more commands parsed, about a quarter
    /// of a fetch's parsing, beside libcurl's loading — is left out: the library skips it for a
    /// command with a super-command name, a name only its help and dump would show.
    private static let parsingConfiguration: CommandConfiguration = {
        var configuration = fullConfiguration
        configuration._superCommandName = ""
        return configuration
    }()

    @TaskLocal private static var parsingCommandLine = false

    private static let fullConfiguration = CommandConfiguration(
        commandName: "report",
        abstract: "Fetch and print interview analysis reports.",
        discussion: """
            Signs in with `report auth login` (or takes an access token from REPORT_TOKEN) and \
            finds the service from --base-url, REPORT_BASE_URL or the profile's base_url in \
            config.toml. Exit codes: `report help exit-codes`; the environment: `report help \
            environment`; config.toml and credentials: `report help config`.

            The options every command shares (--base-url, --profile, --lang, --color, --no-pager, \
            --verbose, --timeout, --max-time, --retries, --cacert, …) go before the command or \
            after it; given twice, the one after the command wins.
            """,
        version: AppVersion.description,
        subcommands: [
            FetchCommand.self,
            ListCommand.self,
            HintCommand.self,
            StatusCommand.self,
            CheckCommand.self,
            AuthCommand.self,
            ConfigCommand.self,
            CompareCommand.self,
            TrendCommand.self,
            WatchCommand.self,
            SearchCommand.self,
            CacheCommand.self,
            SyncCommand.self,
            ApiCommand.self,
            CompletionCommand.self,
        ]
    )

    /// `report --base-url URL list`, `report --lang ko fetch 1001`: the global options before the
    /// command are moved after it (`GlobalOptions.movedAfterCommand`) and parsed by the command;
    /// declared here for `report --help`, the man page and the completion of `report --⇥`.
    @OptionGroup var global: GlobalOptions

    public init() {}

    /// Work before the first `await`, on the main thread: descriptors 0–2 are made sure of before
    /// Swift's thread pool opens its own (its event loop's descriptors would otherwise take a
    /// closed stdout's place).
    public static func prepare() {
        IOStreams.reserveStandardDescriptors()
    }

    /// A command that talks to the service starts loading libcurl on a thread of its own, so
    /// that the loading overlaps with parsing and settings; `--help`, a shell's completion request
    /// and commands that never reach the network load nothing (`--version` loads libcurl later,
    /// only for its version line). Called on a thread of Swift's pool, which must exist first:
    /// while `dlopen` runs, glibc holds the lock `pthread_create` takes, so a pool thread started
    /// during the loading would wait for all of it before parsing could begin.
    private static func startLoadingTransport(for arguments: [String]) {
        // `report --lang ko fetch …`: a global option's value is not the command.
        let command = arguments.enumerated().first { index, word in
            !word.hasPrefix("-") && (index == 0 || GlobalOptions.option(arguments[index - 1])?.valueFollows != true)
        }?.element
        guard arguments.first != "---completion",
              let command,
              networkCommands.contains(command),
              !arguments.contains(where: { offlineFlags.contains($0) }) else { return }
        ServiceLayer.warmUpTransport(store: storeCommands.contains(command) && !arguments.contains("--no-cache"))
    }

    /// Flags that end a run before any request: help, the version (which loads libcurl itself, for
    /// its version only), completion scripts and the help dump that man pages are made from.
    private static let offlineFlags: Set<String> = [
        "-h", "--help", "--version", "help", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// Runs `report` with `arguments` (without the program's name) in `context` and returns its
    /// exit status: what `main` does, and what tests do in-process on buffered streams. Help
    /// topics, a mistyped command and argument errors are handled here, in the program's one error
    /// style: `report: …` on one line with a hint, or with `--json` one JSON object on stderr.
    static func run(_ arguments: [String], in context: AppContext) async -> Int32 {
        let arguments = GlobalOptions.movedAfterCommand(arguments, subcommands: GlobalOptions.subcommands)
        return await AppContext.$current.withValue(context) {
            if let status = helpOrTypo(arguments, streams: context.streams) { return status }
            let check = UsageText.Check()
            do {
                var command = try UsageText.$check.withValue(check) {
                    try $parsingCommandLine.withValue(true) { try parseAsRoot(arguments) }
                }
                // Only global options (`report --lang ko`): the root's page, as `report` alone shows it.
                if command is ReportCommand { return showHelp(path: ["report"], arguments: arguments, streams: context.streams) }
                if var command = command as? any AsyncParsableCommand {
                    try await command.run()
                } else {
                    try command.run()
                }
                return 0
            } catch let ending as ExitCode {
                // A command's own ending, its line already written by the runner. ArgumentParser's
                // `exitCode(for:)` and `fullMessage(for:)` would say the same, each after laying out
                // the root's usage text for a message an ExitCode does not have.
                return ending.rawValue
            } catch {
                let status = exitCode(for: error).rawValue
                if status == ExitStatus.usage.rawValue {
                    reportUsageError(failedCheck: check.value, arguments: arguments, streams: context.streams)
                    return status
                }
                var message = fullMessage(for: error)
                // `--version`: ArgumentParser prints the configuration's version; report adds
                // libcurl's, which means loading libcurl, so here and not in the configuration.
                if status == 0, message == configuration.version { message = AppVersion.fullDescription }
                if !message.isEmpty {
                    let stream = status == 0 ? context.streams.output : context.streams.error
                    stream.note(message + "\n")
                }
                return status
            }
        }
    }

    /// The process's run: `report` with `arguments` on the process's streams and environment;
    /// returns the exit status.
    public static func runProcess(arguments: [String]) async -> Int32 {
        startLoadingTransport(for: arguments)
        return await run(arguments, in: .process)
    }

    static let subcommandNames = configuration.subcommands.compactMap { $0.configuration.commandName }

    /// `report help TOPIC`, `report help WORD` that is neither a topic nor a command, and a first
    /// word that is a typo of a command: handled before ArgumentParser sees them.
    private static func helpOrTypo(_ arguments: [String], streams: IOStreams) -> Int32? {
        let options = arguments.prefix { $0 != "--" }
        // The dump the man pages are made from, in Korean for the Korean pages.
        if options.contains("--experimental-dump-help") {
            let language = usageWords(arguments).language
            guard let dump = language == .english ? CommandDump.text() : CommandDump.text(in: language) else { return nil }
            return show(dump + "\n", arguments: arguments, streams: streams)
        }
        // ArgumentParser's hidden flag, which scripts and older installs call: report's scripts too.
        if let index = options.firstIndex(where: { $0 == "--generate-completion-script" || $0.hasPrefix("--generate-completion-script=") }) {
            let word = options[index]
            let value = word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst())
                : index + 1 < options.endIndex ? options[index + 1] : ""
            // Without a shell (or with one report has no script for), the login shell's, as
            // ArgumentParser's own flag did.
            let loginShell = AppContext.current.environment["SHELL"].map { String($0.split(separator: "/").last ?? "") }
            if let shell = CompletionShellName(argument: value) ?? loginShell.flatMap(CompletionShellName.init(argument:)) {
                return show(CompletionScript.text(for: shell), arguments: arguments, streams: streams)
            }
        }
        if arguments.isEmpty || options.contains("-h") || options.contains("--help") {
            let path = CommandTable.root.map { ArgumentCheck.check(arguments, table: $0).path } ?? ["report"]
            return showHelp(path: path, arguments: arguments, streams: streams)
        }
        // The words without the global options and their values (which may come before the command).
        var words: [String] = []
        var index = options.startIndex
        while index < options.endIndex {
            if let option = GlobalOptions.option(options[index]) {
                index += option.valueFollows ? 2 : 1
                continue
            }
            words.append(options[index])
            index += 1
        }
        guard let first = words.first, !first.hasPrefix("-") else { return nil }
        // A command group alone (`report auth`, `report config`, `report cache`): its help page in the
        // run's language, as `report help auth` shows it (ArgumentParser's own page is English).
        // Known from the commands' definitions: the help dump (`CommandDump.root`) costs more
        // than the rest of a `report list`, so it is made only for a page that is shown.
        if words.count == 1, GlobalOptions.subcommands[first] != nil {
            return showHelp(path: ["report", first], arguments: arguments, streams: streams)
        }
        if first == "help" {
            // `report help`, `report help auth login`, `report help exit-codes`. Options after it
            // (`report help fetch --no-pager`) change nothing in a help page: they are left out.
            let rest = Array(words.dropFirst().filter { !$0.hasPrefix("-") })
            if rest.count == 1, let topic = HelpTopic(rawValue: rest[0]) {
                return show(topic.text(in: usageWords(arguments).language), arguments: arguments, streams: streams)
            }
            guard let root = CommandDump.root else { return nil }
            let known = (0...rest.count).last { root.command(at: rest.prefix($0)) != nil } ?? 0
            if known == rest.count { return showHelp(path: ["report"] + rest, arguments: arguments, streams: streams) }
            // A word after a topic (`report help exit-codes all`): the topic, and a line that the word was left out.
            if known == 0, let topic = HelpTopic(rawValue: rest[0]) {
                noteIgnoredHelpWord(rest[1], page: "report help \(rest[0])", arguments: arguments, streams: streams)
                return show(topic.text(in: usageWords(arguments).language), arguments: arguments, streams: streams)
            }
            let subcommands = (root.command(at: rest.prefix(known))?.visibleSubcommands ?? []).map(\.commandName)
            // A word after a command that has no subcommands (`report help fetch x`): that
            // command's page, and a line that the word was left out.
            if known > 0, subcommands.isEmpty {
                let path = ["report"] + rest.prefix(known)
                noteIgnoredHelpWord(rest[known], page: path.joined(separator: " "), arguments: arguments, streams: streams)
                return showHelp(path: path, arguments: arguments, streams: streams)
            }
            let topics = HelpTopic.allCases.map(\.rawValue)
            let shown = PrintableText.oneLine(rest[known], maxLength: 40)
            let suggestion = closest(to: rest[known], in: known == 0 ? subcommands + topics : subcommands)
            let help = (["report", "help"] + rest.prefix(known) + (suggestion.map { [$0] } ?? [])).joined(separator: " ")
            let hint = suggestion.map { Said(.usageDidYouMean, data: ["suggestion": $0, "help": help]) }
                ?? Said(.usageHelpTopics, data: ["topics": topics.joined(separator: ", "), "commands": subcommands.joined(separator: ", ")])
            report(CLIError(Said(.usageNoHelpTopic, data: ["word": shown]), hint: hint, kind: .usage), arguments: arguments, streams: streams)
            return ExitStatus.usage.rawValue
        }
        guard !subcommandNames.contains(first) else { return nil }
        let shown = PrintableText.oneLine(first, maxLength: 40)
        let suggestion = closest(to: first, in: subcommandNames + ["help"])
        let hint = suggestion.map { Said(.usageDidYouMean, data: ["suggestion": $0, "help": "report --help"]) } ?? Said(.usageSeeCommands)
        report(CLIError(Said(.usageUnknownCommand, data: ["command": shown]), hint: hint, kind: .usage), arguments: arguments, streams: streams)
        return ExitStatus.usage.rawValue
    }

    /// `report help fetch x`: one line on stderr that `word` was left out of the help asked for.
    private static func noteIgnoredHelpWord(_ word: String, page: String, arguments: [String], streams: IOStreams) {
        let words = usageWords(arguments)
        streams.error.note("report: " + words(.helpWordIgnored, ["word": PrintableText.oneLine(word, maxLength: 40), "page": page]) + "\n")
    }

    /// The help page of the command at `path`, on stdout, in the run's language, as wide as the
    /// terminal (at most 100 columns; 80 in a pipe).
    private static func showHelp(path: [String], arguments: [String], streams: IOStreams) -> Int32 {
        guard let command = CommandDump.root?.command(at: path.dropFirst()) else { return ExitStatus.internalError.rawValue }
        let width = streams.output.columns.map { min(max($0, 20), 100) } ?? 80
        return show(HelpPage(command: command, path: path, words: usageWords(arguments), width: width).render(),
                    arguments: arguments, streams: streams)
    }

    /// Help on stdout: a write that fails is an error (74), a reader that went (`| head -1`) ends
    /// report silently as SIGPIPE would (141).
    private static func show(_ text: String, arguments: [String], streams: IOStreams) -> Int32 {
        streams.output.note(text)
        guard let failure = streams.firstFailure else { return 0 }
        if failure.isBrokenPipe { return 128 + SIGPIPE }
        report(CLIError(failure), arguments: arguments, streams: streams)
        return ExitStatus.outputFailed.rawValue
    }

    /// An argument error in the one error style, with where to read more: the mistake the
    /// arguments show read against the commands' table (a mistyped option is named whatever
    /// follows it, a bad value gets the valid ones), else a command's own check (`UsageText`),
    /// each in the run's language. The parser's own message is never read: what neither finds is
    /// said as arguments that could not be read, with the arguments as they were given.
    private static func reportUsageError(failedCheck: Said?, arguments: [String], streams: IOStreams) {
        let checked = CommandTable.root.map { ArgumentCheck.check(arguments, table: $0) }
        let path = checked?.path ?? commandPath(arguments)
        let help = "\(path.joined(separator: " ")) --help"
        if let mistake = checked?.mistake {
            report(mistake: mistake, help: help, command: path, arguments: arguments, streams: streams)
            return
        }
        let given = PrintableText.oneLine(arguments.map { word in
            word.isEmpty || word.contains(where: \.isWhitespace) ? "'\(word)'" : word
        }.joined(separator: " "), maxLength: 200)
        report(CLIError(failedCheck ?? Said(.usageUnreadableArguments, data: ["arguments": given]),
                        hint: Said(.usageSeeHelp, data: ["help": help]), kind: .usage), arguments: arguments, streams: streams)
    }

    private static func report(mistake: UsageMistake, help: String, command: [String], arguments: [String], streams: IOStreams) {
        report(CLIError(mistake.said, hint: mistake.hint(help: help, command: command), kind: .usage), arguments: arguments, streams: streams)
    }

    private static func report(_ error: CLIError, arguments: [String], streams: IOStreams) {
        CommandRunner(json: ReportFormat.asksForJSON(arguments), streams: streams, ownsProcess: false,
                      words: usageWords(arguments)).report(error)
    }

    /// The language of an argument error: `--lang` if the arguments give a valid one (the last;
    /// a bad one is the mistake being reported), else config.toml's `language`, else the locale
    /// environment, as for a run that parsed.
    private static func usageWords(_ arguments: [String]) -> Words {
        var language: Language?
        for (index, word) in arguments.enumerated() {
            if word == "--" { break }
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            let value = word == "--lang" ? next : word.hasPrefix("--lang=") ? String(word.dropFirst(7)) : nil
            if let value, let valid = LanguageSetting.parse(value) { language = valid }
        }
        return Words(SettingsResolver(environment: AppContext.current.environment).language(flag: language).value)
    }

    /// `report`, the command and `auth`'s subcommand named by `arguments`, for where to read more.
    private static func commandPath(_ arguments: [String]) -> [String] {
        var path = ["report"]
        if let first = arguments.first, subcommandNames.contains(first) {
            path.append(first)
            if first == "auth", arguments.count > 1, !arguments[1].hasPrefix("-") { path.append(arguments[1]) }
        }
        return path
    }

    /// The subcommands whose every run makes a request (`auth` mostly does: login, status, token).
    private static let networkCommands: Set<String> = ["fetch", "list", "hint", "status", "check", "api", "auth", "compare", "trend", "watch", "sync"]
    /// The network commands that read the report store (unless `--no-cache`).
    private static let storeCommands: Set<String> = ["fetch", "check", "compare", "trend", "watch", "sync"]
}
