import Presentation

/// `report help exit-codes|environment|config|privacy` (as `gh help environment`): reference
/// pages that belong to no one command.
enum HelpTopic: String, CaseIterable, Sendable {
    case exitCodes = "exit-codes"
    case environment
    case config
    case privacy

    /// What the topic is about, for `report help`'s list.
    var abstract: Message {
        switch self {
        case .exitCodes: .helpTopicExitCodes
        case .environment: .helpTopicEnvironment
        case .config: .helpTopicConfig
        case .privacy: .helpTopicPrivacy
        }
    }

    /// The topic in `language`.
    func text(in language: Language) -> String {
        language == .korean ? koreanText : text
    }

    /// The exit codes' table, a code and its meaning a line (`meaning` in the topic's language).
    static func exitCodeRows(_ meaning: (ExitStatus) -> String) -> [String] {
        ExitStatus.allCases.map { status in
            let code = String(status.rawValue)
            return "  " + code + String(repeating: " ", count: max(1, 5 - code.count)) + meaning(status)
        }
    }

    var text: String {
        switch self {
        case .exitCodes:
            let rows = Self.exitCodeRows(\.meaning)
            return """
                EXIT CODES
                Every command ends with one of these (sysexits(3) where one fits). On any code but \
                0, 1 and 2 stdout is empty (75 prints what is known so far) and stderr has one line, \
                or with --json one JSON object whose "exitCode" is the code and "code" its name.

                \(rows.joined(separator: "\n"))

                A closed pipe on stdout ends report as SIGPIPE does (141 in the shell), silently;
                quitting the pager before the end does not (0 when nothing failed).

                """
        case .environment:
            return """
                ENVIRONMENT
                  REPORT_BASE_URL   the service's base URL (overridden by --base-url)
                  REPORT_TOKEN      an access token to use instead of stored credentials (CI);
                                    never given as a flag: argv is readable by other users
                  REPORT_PROFILE    the config.toml profile to use (overridden by --profile)
                  REPORT_DEBUG      any value but 0, false, no, off: log requests on stderr, as --verbose
                  XDG_CONFIG_HOME   where report/ holds config.toml and credentials.json
                                    (default: $HOME/.config)
                  XDG_CACHE_HOME    where report/ keeps finished reports (default: $HOME/.cache);
                                    fetch --no-cache neither reads nor writes it
                  REPORT_CACHE_MAX_SIZE  the most the kept reports may take, e.g. 200M, 1G, 0
                                    (default: 50MiB; those used longest ago go first)
                  NO_COLOR          any non-empty value turns colour off (https://no-color.org)
                  CLICOLOR_FORCE    set (not empty, not 0): colour even in a pipe, unless NO_COLOR
                  FORCE_COLOR       the same
                  TERM              "dumb" turns colour off
                  (--color always|never overrides all of these)
                  REPORT_PAGER      the pager for text on a terminal (fetch, list, hint, api, …),
                                    run by sh -c; "" or "cat" for none (--no-pager: none)
                  PAGER             the same, when REPORT_PAGER is not set; default: less -FRX
                                    (LESS=FRX is set for it unless LESS is set)
                  LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                                    the language of text for a person, as gettext reads them
                                    (ko_KR.UTF-8: Korean; C, POSIX: English); --lang ko|en and
                                    language in config.toml come first

                Precedence, strongest first: flag, environment, config.toml, default (for the \
                language: flag, config.toml, environment).

                """
        case .config:
            return """
                CONFIGURATION
                report keeps its files in $XDG_CONFIG_HOME/report/ (default ~/.config/report/):

                  config.toml        optional: named profiles (base URLs) and the default profile;
                                     you write it
                  credentials.json   each profile's credentials, written by `report auth login`:
                                     0600, in a directory others cannot write to, else refused
                  credentials.lock   taken by report processes around a token refresh (empty)

                and the finished reports it keeps in $XDG_CACHE_HOME/report/ (default
                ~/.cache/report/): a folder 0700 per service and member, an entry 0600 per kept
                response with its ETag (report cache info, report cache clear).

                config.toml names profiles, each with the base URL of a service:

                  default_profile = "staging"
                  language = "ko"

                  [profiles.staging]
                  base_url = "https://staging.reports.example.com"

                  [profiles.prod]
                  base_url = "https://reports.example.com"

                Keys are default_profile, language (ko or en), color (auto, always or never), pager (a command; "" or "cat" for none) and, in a profile, base_url; values are strings in double \
                or single quotes; # starts a comment. A profile is chosen by --profile, then \
                REPORT_PROFILE, then default_profile, then "default". Credentials are kept per \
                profile. A file report cannot read exactly is an error naming its line (exit 78).

                """
        case .privacy:
            return """
                PRIVACY
                report sends no telemetry: no usage statistics, no crash reports, no update checks. \
                It contacts nothing but the service it is pointed at (--base-url, REPORT_BASE_URL or \
                the profile's base_url), through the proxy that http_proxy, https_proxy or all_proxy \
                names, if any (never for this machine's own addresses). The access token goes only to \
                that service's origin, never across a redirect to another one.

                On this machine it keeps config.toml and credentials.json in \
                $XDG_CONFIG_HOME/report/ and the finished reports in $XDG_CACHE_HOME/report/ (report \
                cache clear removes them), all of them readable by you alone but config.toml; beyond \
                those it writes only the files you name (-o, --junit).

                """
        }
    }
}

extension ExitStatus {
    /// What the code means, in a few words (`report help exit-codes`; the README has the table).
    var meaning: String {
        switch self {
        case .success: "success (a batch: every term fetched)"
        case .partialFailure: "a batch: some terms fetched, some not; trend or compare --latest: a report left out; search: nothing matched"
        case .noneSucceeded: "a batch: no term fetched, for different reasons"
        case .serverError: "the service failed (HTTP 5xx other than 503)"
        case .authentication: "authentication needed or rejected"
        case .filterFailed: "the --jq expression failed on the output, or the output was not JSON"
        case .usage: "usage error: a bad flag, argument or --link"
        case .analysisFailed: "the service could not analyse the interview"
        case .notFound: "not found: no such interview, a file that cannot be read, or not in the cache (--offline)"
        case .network: "network failure: DNS, connect, TLS, timeout, a cut transfer, --max-time"
        case .unavailable: "service unavailable: maintenance, or refusing requests for now"
        case .internalError: "internal error in report (a bug: please report it)"
        case .cannotWrite: "an output file (--junit) could not be written"
        case .outputFailed: "standard output or standard error could not be written"
        case .pending: "the analysis is still running; try again later"
        case .invalidResponse: "the service sent something report cannot read"
        case .forbidden: "forbidden: the interview belongs to another member"
        case .configuration: "configuration error: REPORT_BASE_URL, config.toml, credentials, a local store search or sync cannot use"
        case .interrupted: "interrupted (Ctrl-C)"
        case .terminated: "terminated (SIGTERM)"
        }
    }
}

/// The edit distance of two words, for "did you mean …?".
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// The closest of `candidates` to `word`, if it is close enough to be a typo.
func closest(to word: String, in candidates: [String]) -> String? {
    let limit = word.count >= 4 ? 2 : 1
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 }?.0
}
