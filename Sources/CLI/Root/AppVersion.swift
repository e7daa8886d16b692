import CBuildInfo

/// The version of `report`: the number alone in the User-Agent (`report/0.1.0`), and with the
/// build it came from — and libcurl's version — in `report --version`.
enum AppVersion {
    static let number = REPORT_VERSION

    /// "report 0.1.0 (abc1234 2026-11-24)": the commit (`+dirty` when the tree had changes) and its
    /// date, as scripts/install builds it; "(development build)" for a plain `swift build`. Cheap:
    /// this is the `version` of the root command's configuration.
    static var description: String { "report \(number) (\(build))" }

    static var build: String {
        guard let commit = report_build_commit() else { return "development build" }
        guard let date = report_build_date() else { return String(cString: commit) }
        return "\(String(cString: commit)) \(String(cString: date))"
    }

    /// What `report --version` prints: the description and libcurl's version line. Loads libcurl,
    /// so it is asked for only when the version is.
    static var fullDescription: String { "\(description) \(ServiceLayer.transportVersionLine())" }
}
