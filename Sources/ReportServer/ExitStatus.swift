import ArgumentParser

/// The one table of `report-server`'s exit statuses (sysexits.h values), listed in its help.
enum ExitStatus: Int32 {
    case success = 0
    /// A bad flag or flag value.
    case usage = 64
    /// It cannot listen: the port is in use, the address is not this machine's, or the port needs privileges.
    case unavailable = 69
    /// Something that should not happen (a bug).
    case software = 70
    /// `--ready-file` cannot be written.
    case cannotCreate = 73
    /// The data directory is missing or a data file is bad; a TLS file or folder cannot be used.
    case configuration = 78

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The table as the help shows it.
    static let helpText = """
        Exit status: 0 stopped by SIGINT or SIGTERM; 64 a bad flag; 69 cannot listen (the port is in \
        use, the address is not this machine's); 73 --ready-file cannot be written; 78 the data \
        directory or a TLS file cannot be used; 70 a bug. Every error is one line on stderr, \
        "report-server: …".
        """
}
