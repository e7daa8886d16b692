import Foundation

/// Everything `buildApplication(configuration:)` needs; the command fills it from flags, tests directly.
struct ServerConfiguration: Sendable {
    var dataDirectory: URL
    var host = "127.0.0.1"
    /// 0 picks a free port.
    var port = 8080
    /// Lifetime of issued access tokens (`--token-ttl`); static tokens of the data set never expire.
    var accessTokenLifetime: Duration = .seconds(3600)
    /// What issued access tokens expire by (tests move a clock of their own forward).
    var tokenClock = TokenClock.system
    /// Maintenance from the flags; overrides the data set's `status.json`.
    var maintenance: MaintenanceNotice?
    /// Log one line per request, and Hummingbird's own info messages, to stderr.
    var verbose = false
    /// Print `listening on http://HOST:PORT` on stdout once the socket is bound.
    var announcesListening = false
    /// Write the URL it serves on into this file (atomically) once the socket is bound (`--ready-file`).
    var readyFile: String?
    /// Serve HTTPS (HTTP/2 and HTTP/1.1 by ALPN) with this PEM certificate chain and key.
    var tls: (certificateChain: URL, privateKey: URL)?
    /// Serve `/_admin/faults` (`--admin`): list, add and clear fault rules at run time.
    var admin = false
    /// The fault rules to start with (`--faults FILE`), instead of the data directory's `faults.json`.
    var faultsFile: URL?
    /// The seed of the fault rules' `probability` draws (`--fault-seed`); overrides the rules' file's.
    var faultSeed: UInt64?
    /// `--max-age`: seconds a finished analysis's responses stay fresh (`Cache-Control: private,
    /// max-age=N`); 0 sends `no-cache`.
    var maxAge = 0
    /// `--no-etag`: send no ETag, never answer 304.
    var etags = true
    /// `--header-timeout`, `--idle-timeout`, `--max-connections`: what a slow client may hold.
    var limits = ConnectionLimits()
}
