/// A problem in `config.toml`: `…/config.toml:3: unknown key 'colour'`.
struct ConfigFileError: Error, Hashable, Sendable, CustomStringConvertible {
    let path: String
    /// 1-based; nil when the problem is not on one line (the file cannot be read at all).
    let line: Int?
    let message: String

    var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
