import Presentation

/// The one reading of a run's settings sources — the environment, the configuration folder and
/// `config.toml`, loaded once, when the resolver is made — and the rules that choose among them,
/// each in one place: the profile (`profile(flag:)`) and the language (`language(flag:)`).
/// `ServiceSettings` is made from it; `config set`, `config list` and `auth login` read the same
/// file through it; a help page, an argument error and `--profile`'s completion make one of their own.
struct SettingsResolver: Sendable {
    let environment: AppEnvironment
    /// `$XDG_CONFIG_HOME/report`, else `~/.config/report` (`XDGFolder`), or why there is none.
    let configurationDirectory: Result<Resolved<String>, CLIError>
    /// config.toml as it was when the run started: nil when there is none (or no folder for it),
    /// or its problem — an error only for a caller that needs the file.
    let config: Result<ConfigFile?, ConfigFileError>

    init(environment: AppEnvironment) {
        self.environment = environment
        configurationDirectory = Result { () throws(CLIError) in try Self.configurationDirectory(environment: environment) }
        if case .success(let folder) = configurationDirectory {
            let path = folder.value + "/" + ConfigFile.fileName
            config = Result { () throws(ConfigFileError) in try ConfigFile.load(path: path) }
        } else {
            config = .success(nil)
        }
    }

    /// config.toml when there is one and it can be used; nil otherwise.
    var configFile: ConfigFile? {
        if case .success(let file) = config { return file }
        return nil
    }

    /// config.toml's path; nil without a configuration folder.
    var configFilePath: String? {
        (try? configurationDirectory.get()).map { $0.value + "/" + ConfigFile.fileName }
    }

    /// The profile in effect, with where it came from: `--profile` > `REPORT_PROFILE` >
    /// config.toml's `default_profile` > "default". The name is not checked here: each caller
    /// says what is wrong with a bad one, where. Throws config.toml's problem only when the file
    /// is what decides.
    func profile(flag: String?) throws(ConfigFileError) -> Resolved<String> {
        if let flag { return Resolved(value: flag, origin: .flag("--profile")) }
        if let name = environment["REPORT_PROFILE"] { return Resolved(value: name, origin: .environment("REPORT_PROFILE")) }
        if let setting = try config.get()?.defaultProfile, let path = configFilePath {
            return Resolved(value: setting.value, origin: .file(path, line: setting.line, key: "default_profile"))
        }
        return Resolved(value: ServiceSettings.defaultProfile, origin: .builtIn)
    }

    /// The language of text for a person, with where it came from: `--lang`; config.toml's
    /// `language`, unless `readingConfig` is false or the file cannot be used; the locale
    /// environment (`LanguageSetting.fromEnvironment`); else English.
    func language(flag: Language?, readingConfig: Bool = true) -> Resolved<Language> {
        if let flag { return Resolved(value: flag, origin: .flag("--lang")) }
        if readingConfig, let setting = configFile?.language, let path = configFilePath {
            return Resolved(value: setting.value, origin: .file(path, line: setting.line, key: "language"))
        }
        return LanguageSetting.fromEnvironment(environment) ?? Resolved(value: .english, origin: .builtIn)
    }

    /// `$XDG_CONFIG_HOME/report`, else `~/.config/report` (`XDGFolder`), with where it came from.
    static func configurationDirectory(environment: AppEnvironment) throws(CLIError) -> Resolved<String> {
        guard let folder = XDGFolder.resolve("XDG_CONFIG_HOME", homeSubfolder: ".config", environment: environment) else {
            throw CLIError(.detailRefusalNoConfigDirectory, hint: .detailRefusalSetConfigHome, kind: .configuration)
        }
        return folder
    }
}
