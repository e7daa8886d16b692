import Terminal

/// A configuration the Data layer cannot work with; `description` is one line saying why.
public struct ServiceConfigurationError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The base URL is plain `http://` to a host that is not loopback, and insecure HTTP was not allowed.
    public let isInsecureHTTP: Bool

    init(description: String, isInsecureHTTP: Bool = false) {
        self.description = description
        self.isInsecureHTTP = isInsecureHTTP
    }
}
