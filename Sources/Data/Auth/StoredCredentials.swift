/// One profile's credentials as `credentials.json` keeps them.
struct StoredCredentials: Codable, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The service the tokens were issued by (a normalised `BaseURL`): they are never sent elsewhere.
    var baseURL: String
    var memIdx: Int
    var accessToken: String
    /// Seconds since 1970.
    var accessTokenExpiresAt: Int64
    var refreshToken: String

    /// The expiries a file may hold: 1970 to the end of year 9999, so that no sum or difference
    /// with a clock reading can overflow.
    static let expiryRange: ClosedRange<Int64> = 0...253_402_300_799

    /// Says whose credentials these are without the tokens, should one ever be interpolated
    /// into a message by mistake.
    var description: String { "credentials of member \(memIdx) for \(baseURL)" }
    var debugDescription: String { description }
}
