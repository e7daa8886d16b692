/// Where a setting's value came from, as `git config --show-origin` tells it: what
/// `report config list` shows beside each value, and what a message names for the user to change.
enum SettingOrigin: Hashable, Sendable {
    /// The kinds `config list --json` names (schema/config.schema.json).
    enum Kind: String, Sendable {
        case flag, environment, file, `default`
    }

    /// A flag, such as `--profile`.
    case flag(String)
    /// An environment variable, such as `REPORT_PROFILE`.
    case environment(String)
    /// A line of a file (config.toml): its path, the line and the key set there.
    case file(String, line: Int, key: String)
    /// The built-in default.
    case builtIn
    /// The home folder of the user's entry in the password database (no HOME set).
    case passwordDatabase

    var kind: Kind {
        switch self {
        case .flag: .flag
        case .environment: .environment
        case .file: .file
        case .builtIn, .passwordDatabase: .default
        }
    }

    /// Which flag, variable or file line; `built in` or `the password database` for a default.
    var source: String {
        switch self {
        case .flag(let name), .environment(let name): name
        case .file(let path, let line, let key): "\(path):\(line) (\(key))"
        case .builtIn: "built in"
        case .passwordDatabase: "the password database"
        }
    }
}
