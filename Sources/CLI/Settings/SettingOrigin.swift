/// Where a setting's value came from, as `git config --show-origin` tells it: what
/// `report config list` shows beside each value.
struct SettingOrigin: Hashable, Sendable {
    /// The kinds `config list --json` names (schema/config.schema.json).
    enum Kind: String, Sendable {
        case flag, environment, file, `default`
    }

    let kind: Kind
    /// Which flag, variable or file line; `built in` or `the password database` for a default.
    let source: String

    static func flag(_ name: String) -> SettingOrigin { SettingOrigin(kind: .flag, source: name) }
    static func environment(_ name: String) -> SettingOrigin { SettingOrigin(kind: .environment, source: name) }
    static func file(_ path: String, line: Int, key: String) -> SettingOrigin {
        SettingOrigin(kind: .file, source: "\(path):\(line) (\(key))")
    }
    static let builtIn = SettingOrigin(kind: .default, source: "built in")
    /// The home folder of the user's entry in the password database (no HOME set).
    static let passwordDatabase = SettingOrigin(kind: .default, source: "the password database")
}

/// A setting's value with its origin, resolved once.
struct Resolved<Value: Sendable>: Sendable {
    let value: Value
    let origin: SettingOrigin
}
