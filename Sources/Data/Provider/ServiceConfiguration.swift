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
    /// The report store; nil for none (then signing out has no store to remove either).
    public var cache: Cache?
    /// Receives each attempt at a request once it has ended (`report check --junit` names them);
    /// nil for none.
    public var observe: (@Sendable (RequestAttempt) -> Void)?

    /// The report store as the composition root sets it up: where it is, how much one scope's
    /// store may keep, and how this command uses it.
    public struct Cache: Sendable {
        public enum Use: Sendable {
            /// Keep finished reports; use those still fresh (`Cache-Control: max-age`) without a
            /// request and revalidate the others with conditional requests (the default).
            case revalidate
            /// As `revalidate`, but revalidate every kept report, fresh or not (`--refresh`).
            case refresh
            /// Read only the store, never the service (`--offline`).
            case offline
            /// Neither read nor write it (`--no-cache`). Signing out still removes the member's store.
            case off
        }

        /// 50 MiB: about 7,000 terms of the demo's size (an interview and a report, 7 KiB).
        public static let defaultMaxBytes = 50 << 20

        /// `$XDG_CACHE_HOME/report`: a database per service and member, made 0600 in a folder made 0700.
        public let directory: String
        /// The most the bodies one store keeps may add up to; past it new reports are not kept.
        public let maxBytes: Int
        public let use: Use
        /// Which build of `report` reads the store (its version and commit): what a kept report
        /// was mapped to (`KeptForm`) is read back only by the build that made it.
        public let build: String

        public init(directory: String, maxBytes: Int = Cache.defaultMaxBytes, use: Use = .revalidate, build: String = "") {
            self.directory = directory
            self.maxBytes = maxBytes
            self.use = use
            self.build = build
        }
    }

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
