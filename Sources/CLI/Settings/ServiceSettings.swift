import Data
import Presentation
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// Where the service is and how to authenticate, resolved from flags, the environment and
/// `config.toml`:
///
/// - profile: `--profile` > `REPORT_PROFILE` > `default_profile` > "default";
/// - base URL: `--base-url` > `REPORT_BASE_URL` > the profile's `base_url` > the built-in default;
/// - access token: `REPORT_TOKEN` when set, else the profile's stored credentials.
///
/// The token never comes from the command line: other users can read a process's arguments.
struct ServiceSettings: Sendable {
    static let defaultBaseURL = "http://127.0.0.1:8080"
    static let defaultProfile = "default"
    static let maxRetriesLimit = 10

    /// Where a setting came from, for messages that tell the user what to change.
    enum Origin: Hashable, Sendable {
        case flag
        case environment
        /// `config.toml`, at this line.
        case configFile(line: Int)
        case builtIn
    }

    let baseURL: String
    let baseURLOrigin: Origin
    let profile: String
    let profileOrigin: Origin
    /// `REPORT_TOKEN`, which overrides stored credentials (CI).
    let accessToken: String?
    /// `$XDG_CONFIG_HOME/report`, else `~/.config/report`: `config.toml` and `credentials.json`.
    let configurationDirectory: String
    let configurationDirectoryOrigin: SettingOrigin

    var configFilePath: String { configurationDirectory + "/" + ConfigFile.fileName }

    /// The language of text for a person: `--lang`, config.toml's `language`, the locale
    /// environment, else English (`LanguageSetting`).
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
    init(connection: ConnectionOptions, environment: AppEnvironment, signingIn: Bool = false,
         configFileMayBeBroken: Bool = false) throws(CLIError) {
        transport = try TransportSettings(connection: connection, environment: environment)
        let folder = try Self.configurationDirectory(environment: environment)
        (configurationDirectory, configurationDirectoryOrigin) = (folder.value, folder.origin)
        accessToken = environment["REPORT_TOKEN"]
        // A token with a line break (a file read with its newline, a pasted CR) would become a
        // header of its own, or a request libcurl refuses: never sent, refused here by name.
        if let token = accessToken,
           token.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw CLIError(message: "REPORT_TOKEN contains a control character (a line break?), which no token has",
                           hint: "set REPORT_TOKEN to the access token alone, e.g. REPORT_TOKEN=\"$(tr -d '\\r\\n' < token.txt)\"",
                           kind: .configuration)
        }
        let configFilePath = configurationDirectory + "/" + ConfigFile.fileName
        let config: ConfigFile?
        do {
            config = try ConfigFile.load(path: configFilePath)
            configFileError = nil
        } catch {
            // An installed report has no README beside it: the format is in its own help.
            guard configFileMayBeBroken else {
                throw CLIError(kind: .configuration) { words in (error.description(in: words), words[.configFormatHint]) }
            }
            (config, configFileError) = (nil, error)
        }

        configColor = config?.color.map { (configFilePath, $0) }
        configPager = config?.pager.map { (configFilePath, $0) }
        language = LanguageSetting.resolve(flag: connection.language.language, environment: environment,
                                           config: config?.language.map { (configFilePath, $0) })

        if let name = connection.profile {
            guard ConfigFile.isValidProfileName(name) else {
                throw CLIError(message: "invalid --profile '\(name)': profile names are letters, digits, '-' and '_'",
                               kind: .usage)
            }
            (profile, profileOrigin) = (name, .flag)
        } else if let name = environment["REPORT_PROFILE"] {
            guard ConfigFile.isValidProfileName(name) else {
                throw CLIError(message: "invalid REPORT_PROFILE: profile names are letters, digits, '-' and '_'",
                               kind: .configuration)
            }
            (profile, profileOrigin) = (name, .environment)
        } else if let setting = config?.defaultProfile {
            (profile, profileOrigin) = (setting.value, .configFile(line: setting.line))
        } else {
            (profile, profileOrigin) = (Self.defaultProfile, .builtIn)
        }

        let declared = config?.profiles[profile]
        // With --base-url (or, signing in, REPORT_BASE_URL) the profile only names whose
        // credentials to use and `auth login` adds its table: a profile the file does not declare
        // is fine then.
        let urlGiven = connection.baseURL != nil || (signingIn && environment["REPORT_BASE_URL"] != nil)
        if declared == nil, profile != Self.defaultProfile, !urlGiven {
            let askedBy = profileOrigin == .flag ? "--profile" : "REPORT_PROFILE"
            let known = config.map { $0.profiles.keys.sorted().joined(separator: ", ") } ?? ""
            throw CLIError(
                message: config == nil
                    ? "\(configFilePath): no profile '\(profile)' (asked for by \(askedBy)): the file does not exist"
                    : "\(configFilePath): no profile '\(profile)' (asked for by \(askedBy))"
                        + (known.isEmpty ? "; the file defines none" : "; the file defines \(known)"),
                hint: "add a [profiles.\(profile)] table with its base_url",
                kind: .configuration)
        }

        // `--base-url :8080`, `REPORT_BASE_URL=localhost:8080`: http:// on this machine, as xh reads them.
        if let url = connection.baseURL {
            (baseURL, baseURLOrigin) = (ServiceBaseURL.expandingShorthand(url), .flag)
        } else if let url = environment["REPORT_BASE_URL"] {
            (baseURL, baseURLOrigin) = (ServiceBaseURL.expandingShorthand(url), .environment)
        } else if let setting = declared?.baseURL {
            (baseURL, baseURLOrigin) = (setting.value, .configFile(line: setting.line))
        } else {
            (baseURL, baseURLOrigin) = (Self.defaultBaseURL, .builtIn)
        }
    }

    /// The exact command that signs in to what these settings point at.
    var signInCommand: String {
        var command = "report auth login"
        if profile != Self.defaultProfile { command += " --profile \(profile)" }
        if baseURLOrigin == .flag { command += " --base-url \(baseURL)" }
        return command
    }

    /// The base URL was refused (Data validates it, once, when the provider is made): one line
    /// that names where the URL came from — the flag, the environment or the config file's line —
    /// so the user knows what to change.
    func baseURLError(_ error: ServiceConfigurationError) -> CLIError {
        // A URL without its scheme (`reports.example.com`): the URL it would have meant.
        let hint = error.isInsecureHTTP
            ? "use https://, or pass --allow-insecure-http if you accept that"
            : ServiceBaseURL.meant(baseURL).map { "did you mean \($0)? A base URL starts with http:// or https://" }
                ?? "use an http:// or https:// URL such as \(Self.defaultBaseURL)"
        let problem = error.isInsecureHTTP ? "refusing" : "invalid"
        var reason = error.description
        if reason.hasPrefix("invalid base URL: ") { reason.removeFirst("invalid base URL: ".count) }
        let shown = "'\(PrintableText.oneLine(Redactor.url(baseURL), maxLength: 200))'"
        return switch baseURLOrigin {
        case .flag:
            CLIError(message: "\(problem) --base-url \(shown): \(reason)", hint: hint, kind: .usage)
        case .configFile(let line):
            CLIError(message: "\(configFilePath):\(line): base_url \(shown): \(reason)", hint: hint, kind: .configuration)
        case .environment, .builtIn:
            CLIError(message: "\(problem) REPORT_BASE_URL \(shown): \(reason)", hint: hint, kind: .configuration)
        }
    }

    /// What to do when the service refused the credentials or there are none. `storedBaseURL`:
    /// where the profile's stored credentials belong — when that is another service than this
    /// one, the fix is usually to point at it again (as `auth login --base-url` had), not a new
    /// sign-in; both ways are said, the first for where this base URL came from.
    func signInHint(storedBaseURL: String?, words: Words = .english) -> String {
        if accessToken != nil {
            return words[.hintTokenRejected]
        }
        let signIn = words(.hintSignIn, ["command": signInCommand])
        guard let stored = storedBaseURL, !StoredSignIn.sameService(stored, baseURL) else { return signIn }
        let useStored = switch baseURLOrigin {
        case .flag: words(.hintDropBaseURL, ["stored": stored, "profile": profile])
        case .environment: words(.hintUnsetBaseURL, ["stored": stored, "profile": profile])
        case .configFile, .builtIn:
            words(.hintSetBaseURL, ["command": "report config set base_url \(stored)\(profile == Self.defaultProfile ? "" : " --profile \(profile)")",
                                    "profile": profile])
        }
        return words(.hintUseStoredOrSignIn, ["use": useStored, "baseURL": baseURL, "command": signInCommand])
    }

    /// `$XDG_CONFIG_HOME/report`, else `~/.config/report` (`XDGFolder`), with where it came from.
    static func configurationDirectory(environment: AppEnvironment) throws(CLIError) -> Resolved<String> {
        guard let folder = XDGFolder.resolve("XDG_CONFIG_HOME", homeSubfolder: ".config", environment: environment) else {
            throw CLIError(message: "cannot find the configuration directory: neither XDG_CONFIG_HOME nor HOME is set",
                           hint: "set XDG_CONFIG_HOME or HOME to an absolute path", kind: .configuration)
        }
        return folder
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
            throw CLIError(message: "invalid --retries \(connection.retries): it must be from 0 to \(ServiceSettings.maxRetriesLimit)",
                           kind: .usage)
        }
        maxRetries = connection.retries
        for (flag, value) in [("--max-time", connection.maxTime), ("--connect-timeout", connection.connectTimeout),
                              ("--timeout", connection.timeout), ("--stall-timeout", connection.stallTimeout)] {
            if let value, value.duration <= .zero {
                throw CLIError(message: "invalid \(flag) \(value.text): it must be longer than zero",
                               hint: "give a duration such as 500ms, 30s or 2m", kind: .usage)
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
        let problem: String? =
            if path.isEmpty { "the path is empty" }
            else if stat(path, &info) != 0 { errno == ENOENT ? "no such file" : String(cString: strerror(errno)) }
            else if (info.st_mode & S_IFMT) == S_IFDIR { "it is a directory" }
            else if access(path, R_OK) != 0 { "it cannot be read: \(String(cString: strerror(errno)))" }
            else { nil }
        if let problem {
            throw CLIError(message: "\(flag) \(PrintableText.oneLine(path)): \(problem)", hint: "give the path of a readable file",
                           kind: .usage)
        }
    }
}
