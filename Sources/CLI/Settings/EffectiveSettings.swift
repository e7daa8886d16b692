import Data
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
    static let names = ["profile", "base_url", "credentials", "config_dir", "cache_dir", "pager", "color"]
    /// The names `report config set` writes to `config.toml`.
    static let settable = ["profile", "base_url"]

    let settings: [Setting]

    init(_ service: ServiceSettings, environment: AppEnvironment) {
        let file = service.configFilePath
        func origin(_ origin: ServiceSettings.Origin, flag: String, variable: String, key: String) -> (String, String) {
            switch origin {
            case .flag: ("flag", flag)
            case .environment: ("environment", variable)
            case .configFile(let line): ("file", "\(file):\(line) (\(key))")
            case .builtIn: ("default", "built in")
            }
        }
        let profile = origin(service.profileOrigin, flag: "--profile", variable: "REPORT_PROFILE", key: "default_profile")
        let baseURL = origin(service.baseURLOrigin, flag: "--base-url", variable: "REPORT_BASE_URL",
                             key: "[profiles.\(service.profile)] base_url")
        var settings = [
            Setting(name: "profile", value: service.profile, origin: profile.0, source: profile.1),
            Setting(name: "base_url", value: service.baseURL, origin: baseURL.0, source: baseURL.1),
        ]
        if service.accessToken != nil {
            settings.append(Setting(name: "credentials", value: "REPORT_TOKEN", origin: "environment", source: "REPORT_TOKEN"))
        } else if let signedIn = StoredSignIn.baseURL(configurationDirectory: service.configurationDirectory, profile: service.profile) {
            settings.append(Setting(name: "credentials", value: "signed in to \(signedIn)", origin: "file",
                                    source: service.configurationDirectory + "/credentials.json"))
        } else {
            settings.append(Setting(name: "credentials", value: "none", origin: "default", source: "not signed in"))
        }
        let directorySource = environment["XDG_CONFIG_HOME"]?.hasPrefix("/") == true ? "XDG_CONFIG_HOME" : "HOME"
        settings.append(Setting(name: "config_dir", value: service.configurationDirectory, origin: "environment", source: directorySource))
        if let cache = try? CacheSettings.directory(environment: environment) {
            settings.append(Setting(name: "cache_dir", value: cache.path,
                                    origin: cache.source == "the password database" ? "default" : "environment", source: cache.source))
        }
        let pagerVariable = environment.variables["REPORT_PAGER"] != nil ? "REPORT_PAGER" : environment.variables["PAGER"] != nil ? "PAGER" : nil
        settings.append(Setting(name: "pager", value: Pager.command(environment: environment.variables) ?? "none",
                                origin: pagerVariable == nil ? "default" : "environment", source: pagerVariable ?? "built in"))
        let color: Setting =
            if environment["NO_COLOR"] != nil { Setting(name: "color", value: "never", origin: "environment", source: "NO_COLOR") }
            else if let forced = environment["CLICOLOR_FORCE"] ?? environment["FORCE_COLOR"], forced != "0" {
                Setting(name: "color", value: "always", origin: "environment",
                        source: environment["CLICOLOR_FORCE"] != nil ? "CLICOLOR_FORCE" : "FORCE_COLOR")
            } else if environment.variables["TERM"] == "dumb" {
                Setting(name: "color", value: "never", origin: "environment", source: "TERM=dumb")
            } else { Setting(name: "color", value: "auto", origin: "default", source: "built in") }
        settings.append(color)
        self.settings = settings
    }

    subscript(name: String) -> Setting? { settings.first { $0.name == name } }
}

/// `report config list --json`: `{"schemaVersion", "settings": [{"name", "value", "origin", "source"}]}`.
struct ConfigListDocument: JSONWritable, Sendable {
    let settings: [EffectiveSettings.Setting]

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.schemaVersionMember()
            writer.member("settings", settings)
        }
    }
}

/// `report config get NAME --json`: the setting's object, with `schemaVersion`.
struct ConfigSettingDocument: JSONWritable, Sendable {
    let setting: EffectiveSettings.Setting

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("name", setting.name)
            writer.member("origin", setting.origin)
            writer.schemaVersionMember()
            writer.member("source", setting.source)
            writer.member("value", setting.value)
        }
    }
}
