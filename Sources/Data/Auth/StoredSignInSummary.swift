/// One profile's stored sign-in as `report auth list` shows it: where and as whom, and until when
/// its access token holds — never a token.
public struct StoredSignInSummary: Hashable, Sendable {
    public let profile: String
    /// The service the credentials belong to (normalised, as `report auth login` stored it).
    public let baseURL: String
    public let memIdx: Int
    /// Seconds since 1970.
    public let accessTokenExpiresAt: Int64
}
