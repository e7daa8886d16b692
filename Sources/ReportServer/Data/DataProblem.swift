import Terminal

/// Something wrong inside one data file, located by a JSON path such as `report.aptitude.games[1].score`.
struct DataProblem: Error, Sendable, Equatable {
    var path: String
    var message: String

    /// A value from a data file (or a request) as a problem quotes it: in quotes, made printable
    /// and cut to 64 characters, so that neither an escape sequence nor a 40 KB value reaches the
    /// operator's terminal.
    static func quoted(_ value: some StringProtocol) -> String {
        "'\(PrintableText.oneLine(value, maxLength: 64))'"
    }
}
