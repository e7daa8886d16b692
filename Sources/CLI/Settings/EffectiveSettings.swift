import Terminal

/// Each setting `report` runs with, its value and where that came from (a flag, the
/// environment, `config.toml` at a line, or the default): what `report config list` shows.
struct EffectiveSettings: Sendable {
    struct Setting: JSONWritable, Sendable, Equatable {
        /// `profile`, `base_url`, … (as `report config get` takes them).
        let name: String
        let value: String
        /// `flag`, `environment`, `file` or `default`.
        let origin: String
        /// Which flag, variable or file line.
        let source: String

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("name", name)
                writer.member("origin", origin)
                writer.member("source", source)
                writer.member("value", value)
            }
        }
    }

    /// The names `report config get` knows, in the order `list` shows them.
    static let names = ["profile", "base_url", "credentials", "config_dir", "cache_dir", "pager", "color", "language"]
    /// The names `report config set` writes to `config.toml`.
    static let settable = ["profile", "base_url", "language", "color", "pager"]
    /// The source of `credentials` when no one is signed in.
    static let notSignedIn = "not signed in"

    let settings: [Setting]

    init(_ service: ServiceSettings, environment: AppEnvironment) {
        func setting(_ name: String, _ value: String, _ origin: SettingOrigin) -> Setting {
            Setting(name: name, value: value, origin: origin.kind.rawValue, source: origin.source)
        }
        var settings = [
            setting("profile", service.profile, service.profileOrigin),
            setting("base_url", service.baseURL, service.baseURLOrigin),
        ]
        if service.accessToken != nil {
            settings.append(setting("credentials", "REPORT_TOKEN", .environment("REPORT_TOKEN")))
        } else if let signedIn = ServiceLayer.signedInBaseURL(configurationDirectory: service.configurationDirectory, profile: service.profile) {
            settings.append(Setting(name: "credentials", value: "signed in to \(signedIn)", origin: "file",
                                    source: service.configurationDirectory + "/credentials.json"))
        } else {
            settings.append(Setting(name: "credentials", value: "none", origin: "default", source: Self.notSignedIn))
        }
        settings.append(setting("config_dir", service.configurationDirectory, service.configurationDirectoryOrigin))
        if let cache = try? CacheSettings.directory(environment: environment) {
            settings.append(setting("cache_dir", cache.value, cache.origin))
        }
        let pager = Pager.setting(environment: environment.variables, configured: service.configPager?.setting.value)
        let pagerOrigin: SettingOrigin = if let variable = pager.variable { .environment(variable) }
            else if let configured = service.configPager { .file(configured.path, line: configured.setting.line, key: "pager") }
            else { .builtIn }
        settings.append(setting("pager", pager.command ?? "none", pagerOrigin))
        let color = ColorSetting.resolve(environment: environment, config: service.configColor)
        settings.append(setting("color", color.value.rawValue, color.origin))
        settings.append(setting("language", service.language.value.rawValue, service.language.origin))
        self.settings = settings
    }

    subscript(name: String) -> Setting? { settings.first { $0.name == name } }
}
