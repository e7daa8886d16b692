import Terminal

/// Whether text gets colour, strongest first: `--color always|never`; NO_COLOR set and not empty
/// (https://no-color.org) turns it off; CLICOLOR_FORCE or FORCE_COLOR set, not empty and not "0"
/// turn it on even in a pipe; TERM=dumb turns it off; then `color` in config.toml; else `auto`,
/// on a terminal only.
enum ColorSetting {
    static func resolve(choice: ColorChoice = .auto, environment: AppEnvironment,
                        config: (path: String, setting: ConfigFile.Located<ColorChoice>)? = nil) -> Resolved<ColorChoice> {
        switch choice {
        case .always, .never: return Resolved(value: choice, origin: .flag("--color"))
        case .auto: break
        }
        if environment["NO_COLOR"] != nil { return Resolved(value: .never, origin: .environment("NO_COLOR")) }
        // The first of the two that is set decides; "0" forces nothing.
        if let variable = ["CLICOLOR_FORCE", "FORCE_COLOR"].first(where: { environment[$0] != nil }), environment[variable] != "0" {
            return Resolved(value: .always, origin: .environment(variable))
        }
        if environment.variables["TERM"] == "dumb" { return Resolved(value: .never, origin: .environment("TERM=dumb")) }
        if let config { return Resolved(value: config.setting.value, origin: .file(config.path, line: config.setting.line, key: "color")) }
        return Resolved(value: .auto, origin: .builtIn)
    }
}

extension AppEnvironment {
    /// Whether text on `stream` gets colour (`ColorSetting`).
    func allowsColor(on stream: StandardStream, choice: ColorChoice = .auto,
                     config: (path: String, setting: ConfigFile.Located<ColorChoice>)? = nil) -> Bool {
        switch ColorSetting.resolve(choice: choice, environment: self, config: config).value {
        case .always: true
        case .never: false
        case .auto: stream.isTerminal
        }
    }
}
