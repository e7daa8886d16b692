/// A member as stored in `members.json`, with the tokens that are valid when the server starts.
struct MemberRecord: Codable, Sendable, Equatable {
    var memIdx: Int
    var name: String
    var email: String
    /// Access tokens that never expire (handy for scripts and demos).
    var accessTokens: [String]
    /// Refresh tokens valid at start-up; each works once, since the token grant rotates them.
    var refreshTokens: [String]
    /// Refresh tokens that are never spent (a demo's or a CI job's: signing in again after a
    /// logout, in every process), as `accessTokens` never expire; the pairs they are exchanged
    /// for rotate as any other. Optional in the file.
    var standingRefreshTokens: [String]? = nil

    var me: Me { Me(memIdx: memIdx, name: name, email: email) }
}
