import ArgumentParser

/// The one table of `report-server`'s exit statuses (sysexits.h values).
enum ExitStatus: Int32 {
    case success = 0
    /// A bad flag; argument-parser exits with this itself.
    case usage = 64
    /// The server could not bind or run.
    case unavailable = 69
    /// The data directory is missing or a data file is bad; a TLS file or folder cannot be used.
    case configuration = 78

    var exitCode: ExitCode { ExitCode(rawValue) }
}
