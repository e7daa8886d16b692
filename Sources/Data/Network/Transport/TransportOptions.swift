/// How the transport talks to servers: limits, timeouts and identity.
struct TransportOptions: Hashable, Sendable {
    /// The client's version, sent as `User-Agent: report/<version> libcurl/<version>`.
    var clientVersion: String
    var connectTimeout: Duration = TransportDefaults.connectTimeout
    /// The most one transfer may take, redirects included.
    var totalTimeout: Duration = TransportDefaults.totalTimeout
    /// A transfer that moves no byte for this long fails; libcurl counts whole seconds (at least 1).
    var stallTimeout: Duration = TransportDefaults.stallTimeout
    /// The largest response body accepted, counted after gzip decoding.
    var maxResponseBytes: Int = 8 << 20
    /// Connections kept open to one host; more concurrent requests wait for one of them.
    var maxHostConnections: Int = 6
    var maxRedirects: Int = 5
    /// A PEM bundle of CA certificates to trust instead of the system's.
    var caFile: String?

    init(clientVersion: String) {
        self.clientVersion = clientVersion
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so that a positive duration never becomes 0 ("no limit" to libcurl).
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(clamping: max(millis, 0))
    }
}
