import CBuildInfo

/// What `report-server --version` prints, in `report --version`'s words: the version, and the
/// commit it was built from with its date (scripts/install links them in), or "development build".
enum ServerVersion {
    static var description: String { "report-server \(REPORT_VERSION) (\(build))" }

    private static var build: String {
        guard let commit = report_build_commit() else { return "development build" }
        guard let date = report_build_date() else { return String(cString: commit) }
        return "\(String(cString: commit)) \(String(cString: date))"
    }
}
