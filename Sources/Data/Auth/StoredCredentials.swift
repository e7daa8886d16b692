/// One profile's credentials as `credentials.json` keeps them.
struct StoredCredentials: Codable, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The service the tokens were issued by (a normalised `BaseURL`): they are never sent elsewhere.
    var baseURL: String
    var memIdx: Int
    var accessToken: String
    /// Seconds since 1970.
    var accessTokenExpiresAt: Int64
    var refreshToken: String

    /// Says whose credentials these are without the tokens, should one ever be interpolated
    /// into a message by mistake.
    var description: String { "credentials of member \(memIdx) for \(baseURL)" }
    var debugDescription: String { description }
}
