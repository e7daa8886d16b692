import Terminal
/// How to reach the service: everything the Data layer needs from the composition root.
public struct ServiceConfiguration: Sendable {
    /// Where the credentials of requests come from.
    public enum Credentials: Hashable, Sendable {
        /// A fixed access token (`REPORT_TOKEN`): used as is, never refreshed or stored.
        case token(String)
        /// The credentials `report auth login` stored for `profile` in `directory`
        /// (`credentials.json`), refreshed as they expire.
        case stored(directory: String, profile: String)
        /// None: requests that need a token fail as unauthorized.
        case none
    }

    /// `http://` or `https://` URL; paths of the contract are appended to it. Plain `http://` is
    /// accepted only for a loopback host (127.0.0.0/8, ::1, localhost) unless `allowsInsecureHTTP`.
    public let baseURL: String
    public let credentials: Credentials
    /// `report`'s version, for the User-Agent.
    public let clientVersion: String
    public let connectTimeout: Duration
    /// The most one request (one attempt) may take.
    public let totalTimeout: Duration
    /// A response body that moves no byte for this long fails as a timeout.
    public let stallTimeout: Duration
    /// Responses larger than this (after decompression) are refused.
    public let maxResponseBytes: Int
    /// How many times a failed idempotent request is repeated (0: never).
    public let maxRetries: Int
    /// When the whole command's time is up (`--max-time`): no request or retry starts after it,
    /// and one in flight is cut short at it. Nil for no limit.
    public let deadline: Deadline?
    /// A PEM bundle of CA certificates to trust instead of the system's (`--cacert`).
    public let caFile: String?
    /// Whether plain `http://` to a host that is not loopback is allowed (`--allow-insecure-http`).
    public let allowsInsecureHTTP: Bool
    /// How long to wait for another `report` process that is refreshing the same credentials.
    public let credentialsLockTimeout: Duration
    /// Receives one redacted line per request, response, failure and retry decision (`--verbose`);
    /// nil for silence.
    public let log: (@Sendable (String) -> Void)?
    /// Connections kept open to the service at once (HTTP/1.1 keep-alive; one HTTP/2 connection
    /// multiplexes instead). More concurrent requests wait for a free connection.
    public var maxConnectionsPerHost = 6
    /// The report cache; nil for none (then signing out has no entries to remove either).
    public var cache: CacheConfiguration?
    /// Receives each attempt at a request once it has ended (`report check --junit` names them);
    /// nil for none.
    public var observe: (@Sendable (RequestAttempt) -> Void)?

    public init(baseURL: String, credentials: Credentials, clientVersion: String,
                connectTimeout: Duration = TransportDefaults.connectTimeout, totalTimeout: Duration = TransportDefaults.totalTimeout,
                stallTimeout: Duration = TransportDefaults.stallTimeout, maxResponseBytes: Int = 8 << 20,
                maxRetries: Int = TransportDefaults.retries,
                deadline: Deadline? = nil, caFile: String? = nil, allowsInsecureHTTP: Bool = false,
                credentialsLockTimeout: Duration = .seconds(60), log: (@Sendable (String) -> Void)? = nil) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.clientVersion = clientVersion
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.stallTimeout = stallTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxRetries = maxRetries
        self.deadline = deadline
        self.caFile = caFile
        self.allowsInsecureHTTP = allowsInsecureHTTP
        self.credentialsLockTimeout = credentialsLockTimeout
        self.log = log
    }
}
