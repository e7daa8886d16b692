/// The version of `report`, shown by `--version` and sent in the User-Agent.
enum AppVersion {
    static let number = "0.1.0"

    static var description: String { "report \(number)" }
}
