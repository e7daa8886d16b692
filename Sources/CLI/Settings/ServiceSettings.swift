import Domain
import Presentation
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// Where the service is and how to authenticate, resolved from flags, the environment and
/// `config.toml` (as read by the run's `SettingsResolver`):
///
/// - profile: `SettingsResolver.profile(flag:)`;
/// - base URL: `--base-url` > `REPORT_BASE_URL` > the profile's `base_url` > the built-in default;
/// - access token: `REPORT_TOKEN` when set, else the profile's stored credentials.
///
/// The token never comes from the command line: other users can read a process's arguments.
struct ServiceSettings: Sendable {
    static let defaultBaseURL = "http://127.0.0.1:8080"
    static let defaultProfile = "default"
    static let maxRetriesLimit = 10

    let baseURL: String
    /// Where the base URL came from, for messages that tell the user what to change.
    let baseURLOrigin: SettingOrigin
    let profile: String
    let profileOrigin: SettingOrigin
    /// `REPORT_TOKEN`, which overrides stored credentials (CI).
    let accessToken: String?
    /// `$XDG_CONFIG_HOME/report`, else `~/.config/report`: `config.toml` and `credentials.json`.
    let configurationDirectory: String
    let configurationDirectoryOrigin: SettingOrigin

    var configFilePath: String { configurationDirectory + "/" + ConfigFile.fileName }

    /// The language of text for a person (`SettingsResolver.language(flag:)`).
    let language: Resolved<Language>
    /// config.toml's problem, when the settings were made without the file because the caller
    /// can show it (`config list`, which must help to diagnose it); nil otherwise.
    let configFileError: ConfigFileError?
    /// config.toml's `color` and `pager`, with where they were set.
    let configColor: (path: String, setting: ConfigFile.Located<ColorChoice>)?
    let configPager: (path: String, setting: ConfigFile.Located<String>)?

    /// How to talk to the service: `--retries`, the timeouts, `--cacert`, `--allow-insecure-http`,
    /// `--verbose` or `REPORT_DEBUG`.
    let transport: TransportSettings

    /// `signingIn`: for `auth login`, where REPORT_BASE_URL names the service to sign in to as
    /// --base-url does (the profile may be new; the URL is remembered).
    /// `configFileMayBeBroken`: a config.toml that cannot be used is left out (its problem kept in
    /// `configFileError`) instead of refused.
    init(connection: ConnectionOptions, resolver: SettingsResolver, signingIn: Bool = false,
         configFileMayBeBroken: Bool = false) throws(CLIError) {
        let environment = resolver.environment
        transport = try TransportSettings(connection: connection, environment: environment)
        let folder = try resolver.configurationDirectory.get()
        (configurationDirectory, configurationDirectoryOrigin) = (folder.value, folder.origin)
        accessToken = environment["REPORT_TOKEN"]
        // A token with a line break (a file read with its newline, a pasted CR) would become a
        // header of its own, or a request libcurl refuses: never sent, refused here by name.
        if let token = accessToken,
           token.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw CLIError(.detailRefusalTokenControl, hint: .detailRefusalTokenAlone, kind: .configuration)
        }
        let configFilePath = configurationDirectory + "/" + ConfigFile.fileName
        let config: ConfigFile?
        do {
            config = try resolver.config.get()
            configFileError = nil
        } catch {
            // An installed report has no README beside it: the format is in its own help.
            guard configFileMayBeBroken else {
                throw CLIError(Said(error.detail), hint: Said(.configFormatHint), kind: .configuration)
            }
            (config, configFileError) = (nil, error)
        }

        configColor = config?.color.map { (configFilePath, $0) }
        configPager = config?.pager.map { (configFilePath, $0) }
        // Without the file (it may be broken here), its language and default_profile are not used.
        language = resolver.language(flag: connection.language.language, readingConfig: config != nil)

        // Only a broken file left out throws here, and then the file says nothing.
        let chosen = (try? resolver.profile(flag: connection.profile)) ?? Resolved(value: Self.defaultProfile, origin: .builtIn)
        switch chosen.origin {
        case .flag where !ConfigFile.isValidProfileName(chosen.value):
            throw CLIError(.detailRefusalInvalidProfileFlag, ["value": .data(PrintableText.oneLine(chosen.value, maxLength: 100))],
                           kind: .usage)
        case .environment where !ConfigFile.isValidProfileName(chosen.value):
            throw CLIError(.detailRefusalInvalidProfileVariable, kind: .configuration)
        default:
            (profile, profileOrigin) = (chosen.value, chosen.origin)
        }

        let declared = config?.profiles[profile]
        // With --base-url (or, signing in, REPORT_BASE_URL) the profile only names whose
        // credentials to use and `auth login` adds its table: a profile the file does not declare
        // is fine then.
        let urlGiven = connection.baseURL != nil || (signingIn && environment["REPORT_BASE_URL"] != nil)
        if declared == nil, profile != Self.defaultProfile, !urlGiven {
            let askedBy = profileOrigin == .flag("--profile") ? "--profile" : "REPORT_PROFILE"
            let known = config.map { $0.profiles.keys.sorted().joined(separator: ", ") } ?? ""
            let message: Message = config == nil ? .errorNoProfileNoFile : known.isEmpty ? .errorNoProfileNoneDefined : .errorNoProfile
            throw CLIError(message, ["path": .data(configFilePath), "profile": .data(profile), "option": .data(askedBy), "profiles": .data(known)],
                           hint: .hintAddProfileTable, ["profile": .data(profile)], kind: .configuration)
        }

        // `--base-url :8080`, `REPORT_BASE_URL=localhost:8080`: http:// on this machine, as xh reads them.
        if let url = connection.baseURL {
            (baseURL, baseURLOrigin) = (ServiceLayer.expandingShorthand(url), .flag("--base-url"))
        } else if let url = environment["REPORT_BASE_URL"] {
            (baseURL, baseURLOrigin) = (ServiceLayer.expandingShorthand(url), .environment("REPORT_BASE_URL"))
        } else if let setting = declared?.baseURL {
            (baseURL, baseURLOrigin) = (setting.value, .file(configFilePath, line: setting.line, key: "[profiles.\(profile)] base_url"))
        } else {
            (baseURL, baseURLOrigin) = (Self.defaultBaseURL, .builtIn)
        }
    }

    /// The exact command that signs in to what these settings point at.
    var signInCommand: String {
        var command = "report auth login"
        if profile != Self.defaultProfile { command += " --profile \(profile)" }
        if case .flag = baseURLOrigin { command += " --base-url \(baseURL)" }
        return command
    }

    /// The base URL was refused (Data validates it, once, when the provider is made): one line
    /// that names where the URL came from — the flag, the environment or the config file's line —
    /// so the user knows what to change, and what the URL's problem is, each said by the catalog.
    func baseURLError(_ problem: ServiceLayer.BaseURLProblem) -> CLIError {
        let reason = problem.reason
        let insecure = if case .insecureHTTP = problem { true } else { false }
        // A URL without its scheme (`reports.example.com`): the URL it would have meant.
        let hint: (message: Message, values: [String: String]) = if insecure {
            (.detailRefusalUseHTTPS, [:])
        } else if let meant = ServiceLayer.meant(baseURL) {
            (.detailRefusalMeantURL, ["url": meant])
        } else {
            (.detailRefusalUseURLSuchAs, ["url": Self.defaultBaseURL])
        }
        let shown = "'\(PrintableText.oneLine(ServiceLayer.redacted(baseURL), maxLength: 200))'"
        let (message, kind): (Message, ErrorKind) = switch baseURLOrigin {
        case .flag: (insecure ? .detailRefusalInsecureBaseURLFlag : .detailRefusalInvalidBaseURLFlag, .usage)
        case .file: (.detailRefusalBaseURLInFile, .configuration)
        case .environment, .builtIn, .passwordDatabase:
            (insecure ? .detailRefusalInsecureBaseURLVariable : .detailRefusalInvalidBaseURLVariable, .configuration)
        }
        var values: [String: CLIError.Value] = ["value": .data(shown), "path": .data(configFilePath),
                                                "reason": .said(Said(reason.message, data: reason.values))]
        if case .file(_, let line, _) = baseURLOrigin { values["line"] = .data("\(line)") }
        return CLIError(Said(message, values), hint: Said(hint.message, data: hint.values), kind: kind)
    }

    /// When the base URL came from config.toml (as `auth login` saves it) and nothing answers
    /// there — a server restarted on another port —: how to point at the service now. Nil for a
    /// base URL from a flag, the environment or the default, which the user just gave or knows.
    var savedBaseURLHint: Said? {
        guard case .file(let path, _, _) = baseURLOrigin else { return nil }
        let (url, profile) = (PrintableText.oneLine(ServiceLayer.redacted(baseURL), maxLength: 200), profile)
        let command = "report config set base_url URL" + (profile == Self.defaultProfile ? "" : " --profile \(profile)")
        return Said(.hintSavedBaseURLRefused, data: ["url": url, "path": path, "profile": profile, "command": command])
    }

    /// What to do when the service refused the credentials or there are none. `storedBaseURL`:
    /// where the profile's stored credentials belong — when that is another service than this
    /// one, the fix is usually to point at it again (as `auth login --base-url` had), not a new
    /// sign-in; both ways are said, the first for where this base URL came from.
    func signInHint(storedBaseURL: String?) -> Said {
        if accessToken != nil {
            return Said(.hintTokenRejected)
        }
        let signIn = Said(.hintSignIn, data: ["command": signInCommand])
        guard let stored = storedBaseURL, !ServiceLayer.sameService(stored, baseURL) else { return signIn }
        let useStored = switch baseURLOrigin {
        case .flag: Said(.hintDropBaseURL, data: ["stored": stored, "profile": profile])
        case .environment: Said(.hintUnsetBaseURL, data: ["stored": stored, "profile": profile])
        case .file, .builtIn, .passwordDatabase:
            Said(.hintSetBaseURL, data: ["command": "report config set base_url \(stored)\(profile == Self.defaultProfile ? "" : " --profile \(profile)")",
                                         "profile": profile])
        }
        return Said(.hintUseStoredOrSignIn, ["use": .said(useStored), "baseURL": .data(baseURL), "command": .data(signInCommand)])
    }
}

/// The connection flags, checked: each failure is a usage error naming the flag.
struct TransportSettings: Sendable {
    let maxRetries: Int
    let maxTime: Duration?
    let connectTimeout: Duration
    let totalTimeout: Duration
    let stallTimeout: Duration
    let caFile: String?
    let allowsInsecureHTTP: Bool
    /// `--verbose`, or `REPORT_DEBUG` set to anything but `0`, `false`, `no` or `off`.
    let verbose: Bool

    init(connection: ConnectionOptions, environment: AppEnvironment) throws(CLIError) {
        guard (0...ServiceSettings.maxRetriesLimit).contains(connection.retries) else {
            throw CLIError(.detailRefusalInvalidRetries, ["value": .data("\(connection.retries)"), "max": .data("\(ServiceSettings.maxRetriesLimit)")],
                           kind: .usage)
        }
        maxRetries = connection.retries
        for (flag, value) in [("--max-time", connection.maxTime), ("--connect-timeout", connection.connectTimeout),
                              ("--timeout", connection.timeout), ("--stall-timeout", connection.stallTimeout)] {
            if let value, value.duration <= .zero {
                throw CLIError(.detailRefusalDurationZero, ["flag": .data(flag), "value": .data(value.text)],
                               hint: .detailRefusalGiveDuration, kind: .usage)
            }
        }
        maxTime = connection.maxTime?.duration
        connectTimeout = connection.connectTimeout.duration
        totalTimeout = connection.timeout.duration
        stallTimeout = connection.stallTimeout.duration
        if let path = connection.cacert {
            try Self.checkReadableFile(path, flag: "--cacert")
        }
        caFile = connection.cacert
        allowsInsecureHTTP = connection.allowInsecureHttp
        let debug = environment["REPORT_DEBUG"]?.lowercased()
        verbose = connection.verbose || debug.map { !["0", "false", "no", "off"].contains($0) } ?? false
    }

    /// A regular file this process can read, or a usage error naming it.
    static func checkReadableFile(_ path: String, flag: String) throws(CLIError) {
        var info = stat()
        let problem: CLIError.Value? =
            if path.isEmpty { .message(.detailRefusalPathEmpty) }
            else if stat(path, &info) != 0 { errno == ENOENT ? .message(.detailRefusalNoSuchFile) : .system(errno) }
            else if (info.st_mode & S_IFMT) == S_IFDIR { .message(.detailRefusalIsDirectory) }
            else if access(path, R_OK) != 0 { .detail(Detail(.detailRefusalCannotBeRead, ["detail": .system(errno)])) }
            else { nil }
        if let problem {
            throw CLIError(flag == "--input" ? .detailRefusalInputProblem : .detailRefusalCACertProblem,
                           ["path": .data(PrintableText.oneLine(path)), "detail": problem], hint: .detailRefusalReadableFile, kind: .usage)
        }
    }
}

extension ServiceLayer.BaseURLProblem {
    /// The problem as a detail inside another line (config.toml's `base_url: …`, `config set`'s).
    var detail: Detail {
        switch self {
        case .empty: Detail(.detailBaseURLEmpty)
        case .notURL: Detail(.detailBaseURLNotURL)
        case .scheme: Detail(.detailBaseURLScheme)
        case .noHost: Detail(.detailBaseURLNoHost)
        case .credentials: Detail(.detailBaseURLCredentials)
        case .queryOrFragment: Detail(.detailBaseURLQuery)
        case .port: Detail(.detailBaseURLPort)
        case .notIPv4: Detail(.detailBaseURLNotIPv4)
        case .insecureHTTP(let host): Detail(.detailBaseURLInsecure, ["host": .data(host)])
        }
    }

    /// The problem as the catalog says it: its message and values.
    var reason: (message: Message, values: [String: String]) {
        switch self {
        case .empty: (.detailBaseURLEmpty, [:])
        case .notURL: (.detailBaseURLNotURL, [:])
        case .scheme: (.detailBaseURLScheme, [:])
        case .noHost: (.detailBaseURLNoHost, [:])
        case .credentials: (.detailBaseURLCredentials, [:])
        case .queryOrFragment: (.detailBaseURLQuery, [:])
        case .port: (.detailBaseURLPort, [:])
        case .notIPv4: (.detailBaseURLNotIPv4, [:])
        case .insecureHTTP(let host): (.detailBaseURLInsecure, ["host": host])
        }
    }
}
