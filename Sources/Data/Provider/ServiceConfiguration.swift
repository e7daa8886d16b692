/// How to reach the service: everything the Data layer needs from the composition root.
public struct ServiceConfiguration: Sendable {
    /// `http://` or `https://` URL; paths of the contract are appended to it.
    public let baseURL: String
    /// The access token; nil means requests that need one fail as unauthorized.
    public let accessToken: String?
    /// `report`'s version, for the User-Agent.
    public let clientVersion: String
    public let connectTimeout: Duration
    public let requestTimeout: Duration
    /// Responses larger than this (after decompression) are refused.
    public let maxResponseBytes: Int

    public init(baseURL: String, accessToken: String?, clientVersion: String,
                connectTimeout: Duration = .seconds(10), requestTimeout: Duration = .seconds(30),
                maxResponseBytes: Int = 8 << 20) {
        self.baseURL = baseURL
        self.accessToken = accessToken
        self.clientVersion = clientVersion
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// A configuration the Data layer cannot work with; `description` is one line saying why.
public struct ServiceConfigurationError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
