import Presentation
import Terminal

extension AppContainer {
    /// The settings in effect, each with where it came from.
    func makeEffectiveSettings() throws -> EffectiveSettings {
        EffectiveSettings(try makeSettings(), environment: environment)
    }

    /// After `auth login --base-url URL`: the URL becomes the profile's base_url in config.toml
    /// (as gh saves the host), unless it is that already, so that later commands need no flag.
    func rememberBaseURL() async throws {
        let settings = try makeSettings()
        // Whatever named the service signed in to (--base-url, or REPORT_BASE_URL in the shell
        // where the member signed in): a new shell then finds it without either.
        switch settings.baseURLOrigin {
        case .flag, .environment: break
        case .file, .builtIn, .passwordDatabase: return
        }
        let configured = resolver.configFile?.profiles[settings.profile]?.baseURL?.value
        if let configured, ServiceLayer.sameService(configured, settings.baseURL) { return }
        try await ConfigFileEditor(path: settings.configFilePath).setBaseURL(settings.baseURL, profile: settings.profile)
        standardError.note(makeWords()(.configSavedBaseURL, ["value": PrintableText.line(settings.baseURL), "profile": settings.profile,
                                                             "path": settings.configFilePath]) + "\n")
    }

    /// `report config list`: a table of name, value and origin, or one JSON document.
    /// A broken config.toml does not stop it: the settings are listed as they are without the file,
    /// and the file's problem (its line) is said after them, so that it helps to find what is wrong.
    func listConfiguration(json: Bool) throws -> ExitStatus {
        let service = try ServiceSettings(connection: connection, resolver: resolver, configFileMayBeBroken: true)
        let settings = EffectiveSettings(service, environment: environment).settings
        let problem = service.configFileError
        if json {
            try standardOutput.write(JSONWriter.text(of: ConfigListDocument(settings: settings, configFileError: problem),
                                                     pretty: standardOutput.isTerminal) + "\n")
            return .success
        }
        let nameWidth = settings.map(\.name.count).max() ?? 0
        let words = makeWords()
        let values = settings.map { PrintableText.line(valueText($0, words)) }
        let valueWidth = min(48, values.map { TextLayout.width(of: $0) }.max() ?? 0)
        let style = makeTextStyle()
        var text = ""
        for (setting, value) in zip(settings, values) {
            let name = setting.name + String(repeating: " ", count: nameWidth - setting.name.count)
            let padding = String(repeating: " ", count: max(0, valueWidth - TextLayout.width(of: value)))
            text += "\(name)  \(value)\(padding)  " + style.dim("(\(originText(setting.origin, words)): \(sourceText(setting.source, words)))") + "\n"
        }
        if let problem {
            text += "\n" + words(.configFileNotUsed, ["error": problem.description(in: words), "help": "report help config"]) + "\n"
        }
        try standardOutput.write(text)
        return .success
    }

    /// A setting's value as a person reads it: the JSON document's, but for `credentials`
    /// (`signed in to URL`, `none`), which is words.
    private func valueText(_ setting: EffectiveSettings.Setting, _ words: Words) -> String {
        guard setting.name == "credentials" else { return setting.value }
        if setting.value == "none" { return words[.configCredentialsNone] }
        if setting.value.hasPrefix("signed in to ") {
            return words(.configCredentialsSignedIn, ["url": String(setting.value.dropFirst("signed in to ".count))])
        }
        return setting.value
    }

    /// An origin kind (`flag`, `environment`, `file`, `default`: the JSON document's words) as a
    /// person reads it.
    private func originText(_ origin: String, _ words: Words) -> String {
        switch SettingOrigin.Kind(rawValue: origin) {
        case .flag: words[.configOriginFlag]
        case .environment: words[.configOriginEnvironment]
        case .file: words[.configOriginFile]
        case .default: words[.configOriginDefault]
        case nil: origin
        }
    }

    /// A source as a person reads it: a flag, variable or file line as it is, the built-in ones
    /// in words.
    private func sourceText(_ source: String, _ words: Words) -> String {
        switch source {
        case SettingOrigin.builtIn.source: words[.configBuiltIn]
        case SettingOrigin.passwordDatabase.source: words[.configPasswordDatabase]
        case EffectiveSettings.notSignedIn: words[.configNotSignedIn]
        default: PrintableText.line(source)
        }
    }

    /// `report config get NAME`: the value alone (for scripts), or its JSON object.
    func getConfiguration(_ name: String, json: Bool) throws -> ExitStatus {
        guard let setting = try makeEffectiveSettings()[name] else {
            throw CLIError(.detailRefusalUnknownSetting, ["name": .data(PrintableText.oneLine(name, maxLength: 40))],
                           hint: .detailRefusalUseOneOf, ["values": .data(EffectiveSettings.names.joined(separator: ", "))], kind: .usage)
        }
        let text = json ? JSONWriter.text(of: ConfigSettingDocument(setting: setting), pretty: standardOutput.isTerminal)
                        : PrintableText.line(setting.value)
        try standardOutput.write(text + "\n")
        return .success
    }

    /// `report config set NAME VALUE`: `profile` is `default_profile`; `base_url` is the base URL of
    /// `profile` (the flag, else the profile in effect), whose table is added if it is missing.
    /// Says what it did on stderr.
    func setConfiguration(_ name: String, to value: String, profile flag: String?) async throws {
        let directory = try resolver.configurationDirectory.get().value
        let path = directory + "/" + ConfigFile.fileName
        let editor = ConfigFileEditor(path: path)
        switch name {
        case "profile", "default_profile":
            guard ConfigFile.isValidProfileName(value) else {
                throw CLIError(.detailRefusalInvalidProfile, ["value": .data(PrintableText.oneLine(value, maxLength: 64))], kind: .usage)
            }
            let declared: Bool
            do {
                declared = try resolver.config.get()?.profiles[value] != nil
            } catch {
                throw CLIError(.detailRefusalNotChanged, ["detail": .detail(error.detail)], hint: .detailRefusalFixByHand, ["path": .data(path)],
                               kind: .configuration)
            }
            guard declared || value == ServiceSettings.defaultProfile else {
                throw CLIError(.detailRefusalNoProfile, ["value": .data(value), "path": .data(path)],
                               hint: .detailRefusalAddProfileFirst, ["value": .data(value)], kind: .usage)
            }
            try await editor.setDefaultProfile(value)
            standardError.note(makeWords()(.configSetDone, ["name": "default_profile", "value": value, "path": path]) + "\n")
        case "language":
            guard let language = LanguageSetting.parse(value) else {
                throw CLIError(.detailRefusalInvalidLanguage, ["value": .data(PrintableText.oneLine(value, maxLength: 40)),
                                                              "values": .data(LanguageSetting.choices.dropLast().joined(separator: " and ")),
                                                              "last": .data(LanguageSetting.choices.last ?? "")],
                               hint: .detailRefusalSetLanguageExample, kind: .usage)
            }
            try await editor.setLanguage(language.rawValue)
            standardError.note(makeWords()(.configSetDone, ["name": "language", "value": language.rawValue, "path": path]) + "\n")
        case "color":
            guard let color = ColorChoice(argument: value) else {
                throw CLIError(.detailRefusalInvalidColor, ["value": .data(PrintableText.oneLine(value, maxLength: 40))],
                               hint: .detailRefusalColorChoices, kind: .usage)
            }
            try await editor.setTopLevelSetting("color", to: color.rawValue)
            standardError.note(makeWords()(.configSetDone, ["name": "color", "value": color.rawValue, "path": path]) + "\n")
        case "pager":
            // Any command (run by sh -c, as REPORT_PAGER is); "" or "cat" for none.
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw CLIError(.detailRefusalPagerOneLine, hint: .detailRefusalPagerExample, kind: .usage)
            }
            try await editor.setTopLevelSetting("pager", to: value)
            standardError.note(makeWords()(.configSetDone, ["name": "pager", "value": PrintableText.line(value), "path": path]) + "\n")
        case "base_url":
            if let problem = ConfigFile.baseURLProblem(value) {
                throw CLIError(.detailRefusalInvalidBaseURLSetting, ["value": .data(PrintableText.oneLine(ServiceLayer.redacted(value), maxLength: 200)),
                                                                    "detail": .detail(problem.detail)],
                               hint: .detailRefusalGiveURL, ["url": .data(ServiceSettings.defaultBaseURL)], kind: .usage)
            }
            let profile = try profileToSet(flag: flag, path: path)
            try await editor.setBaseURL(value, profile: profile)
            standardError.note(makeWords()(.configSetBaseURL, ["value": PrintableText.line(value), "profile": profile, "path": path]) + "\n")
            if environment["REPORT_BASE_URL"] != nil {
                standardError.note(makeWords()[.configEnvironmentWins] + "\n")
            }
        default:
            throw CLIError(.detailRefusalCannotSet, ["name": .data(PrintableText.oneLine(name, maxLength: 40))],
                           hint: .detailRefusalSettable, ["names": .data(EffectiveSettings.settable.dropLast().joined(separator: ", ")),
                                                         "name": .data(EffectiveSettings.settable.last ?? "")],
                           kind: .usage)
        }
    }

    /// The profile a `base_url` is set for: the profile in effect (`SettingsResolver.profile(flag:)`)
    /// — a profile the file does not declare yet is fine here.
    private func profileToSet(flag: String?, path: String) throws -> String {
        let name: String
        do {
            name = try resolver.profile(flag: flag).value
        } catch {
            throw CLIError(.detailRefusalNotChanged, ["detail": .detail(error.detail)], hint: .detailRefusalFixByHand, ["path": .data(path)],
                               kind: .configuration)
        }
        guard ConfigFile.isValidProfileName(name) else {
            throw CLIError(.detailRefusalInvalidProfile, ["value": .data(PrintableText.oneLine(name, maxLength: 64))], kind: .usage)
        }
        return name
    }
}
