/// The one table of exit codes (README, "Exit codes"). Sysexits(3) where a code fits.
enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// Some items of a batch, or some checks, failed; or `trend` / `compare --latest` left out a report;
    /// or `search` matched nothing (as grep).
    case partialFailure = 1
    /// Every item of a batch failed, not all for the same reason (when they share one, the batch
    /// exits with that reason's code instead).
    case noneSucceeded = 2
    /// The service failed (HTTP 5xx other than 503).
    case serverError = 3
    /// No credentials, or the service rejected them.
    case authentication = 4
    /// The `--jq` expression failed on the output, or the output was not JSON (jq's own code for
    /// a program's error).
    case filterFailed = 5
    /// Bad arguments (EX_USAGE; swift-argument-parser uses it too).
    case usage = 64
    /// The service could not analyse the interview (EX_DATAERR).
    case analysisFailed = 65
    /// No such interview or resource (EX_NOINPUT).
    case notFound = 66
    /// The service could not be reached: DNS, connect, TLS, timeout, broken transfer (EX_NOHOST).
    case network = 68
    /// Maintenance, or the service refused work for now (EX_UNAVAILABLE).
    case unavailable = 69
    /// A bug in report itself (EX_SOFTWARE).
    case internalError = 70
    /// An output file could not be written (EX_CANTCREAT).
    case cannotWrite = 73
    /// Standard output or standard error could not be written: a full disk, a closed descriptor
    /// (EX_IOERR). A closed pipe is not this: it ends the process as SIGPIPE would.
    case outputFailed = 74
    /// The analysis is still running; try again later (EX_TEMPFAIL).
    case pending = 75
    /// The service answered with something report cannot read (EX_PROTOCOL).
    case invalidResponse = 76
    /// The interview belongs to another member (EX_NOPERM).
    case forbidden = 77
    /// A configuration file or setting is invalid (EX_CONFIG).
    case configuration = 78
    /// Interrupted by Ctrl-C (128 + SIGINT).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + SIGTERM).
    case terminated = 143
}
