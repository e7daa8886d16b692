/// Who is signed in, where, and until when — never the tokens themselves.
public struct Session: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// `REPORT_TOKEN`: a fixed access token given by the environment (CI).
        case environment
        /// Credentials stored by `report auth login`.
        case stored
    }

    public let member: Member?
    public let baseURL: String
    /// Seconds since 1970 when the access token expires, if known.
    public let accessTokenExpiresAt: Int64?
    public let source: Source
    /// The access token masked to a short prefix (`at_9…`), so a person can tell tokens apart
    /// without the token being shown.
    public let maskedAccessToken: String?

    public init(member: Member?, baseURL: String, accessTokenExpiresAt: Int64?, source: Source,
                maskedAccessToken: String? = nil) {
        self.member = member
        self.baseURL = baseURL
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.source = source
        self.maskedAccessToken = maskedAccessToken
    }
}
