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

    /// `http://` or `https://` URL; paths of the contract are appended to it.
    public let baseURL: String
    public let credentials: Credentials
    /// `report`'s version, for the User-Agent.
    public let clientVersion: String
    public let connectTimeout: Duration
    public let requestTimeout: Duration
    /// Responses larger than this (after decompression) are refused.
    public let maxResponseBytes: Int
    /// How long to wait for another `report` process that is refreshing the same credentials.
    public let credentialsLockTimeout: Duration
    /// Connections kept open to the service at once (HTTP/1.1 keep-alive; one HTTP/2 connection
    /// multiplexes instead). More concurrent requests wait for a free connection.
    public var maxConnectionsPerHost = 6

    public init(baseURL: String, credentials: Credentials, clientVersion: String,
                connectTimeout: Duration = .seconds(10), requestTimeout: Duration = .seconds(30),
                maxResponseBytes: Int = 8 << 20, credentialsLockTimeout: Duration = .seconds(60)) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.clientVersion = clientVersion
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.credentialsLockTimeout = credentialsLockTimeout
    }
}

/// A configuration the Data layer cannot work with; `description` is one line saying why.
public struct ServiceConfigurationError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
