import Foundation

/// The tokens the server accepts: static ones from the data set and the ones it issued.
///
/// Refresh tokens rotate: each works once and is replaced by a new one, but for the data set's
/// standing ones (a demo's), which sign in again and again. Issued access tokens expire after
/// `accessTokenLifetime`; static ones never do.
actor TokenStore {
    private struct AccessGrant {
        var memIdx: Int
        /// nil for the static tokens of the data set.
        var expiresAt: ContinuousClock.Instant?
    }

    private let clock: TokenClock
    private let accessTokenLifetime: Duration
    private var accessGrants: [String: AccessGrant] = [:]
    private var refreshGrants: [String: Int] = [:]
    /// The data set's refresh tokens that are never spent.
    private var standingRefreshGrants: [String: Int] = [:]

    init(members: some Sequence<MemberRecord>, accessTokenLifetime: Duration, clock: TokenClock = .system) {
        self.accessTokenLifetime = accessTokenLifetime
        self.clock = clock
        for member in members {
            for token in member.accessTokens {
                accessGrants[token] = AccessGrant(memIdx: member.memIdx, expiresAt: nil)
            }
            for token in member.refreshTokens {
                refreshGrants[token] = member.memIdx
            }
            for token in member.standingRefreshTokens ?? [] {
                standingRefreshGrants[token] = member.memIdx
            }
        }
    }

    /// The member an access token belongs to.
    func member(forAccessToken token: String) throws(ServerError) -> Int {
        guard let grant = accessGrants[token] else { throw .invalidToken }
        if let expiresAt = grant.expiresAt, clock.now() >= expiresAt { throw .tokenExpired }
        return grant.memIdx
    }

    /// Spends a refresh token (a standing one is not spent) and issues a new pair.
    func rotate(refreshToken: String) throws(ServerError) -> TokenResponse {
        guard let memIdx = refreshGrants.removeValue(forKey: refreshToken) ?? standingRefreshGrants[refreshToken] else {
            throw .invalidToken
        }
        pruneExpiredGrants()
        let accessToken = Self.randomToken(prefix: "at_")
        let newRefreshToken = Self.randomToken(prefix: "rt_")
        accessGrants[accessToken] = AccessGrant(memIdx: memIdx, expiresAt: clock.now().advanced(by: accessTokenLifetime))
        refreshGrants[newRefreshToken] = memIdx
        let seconds = accessTokenLifetime.components.seconds
        return TokenResponse(
            accessToken: accessToken,
            refreshToken: newRefreshToken,
            expiresIn: Int(clamping: seconds),
            memIdx: memIdx
        )
    }

    /// Forgets tokens that expired a day ago, so a long-running server does not grow without bound;
    /// younger ones are kept to answer `token_expired` rather than `invalid_token`.
    private func pruneExpiredGrants() {
        let horizon = clock.now().advanced(by: .seconds(-86_400))
        accessGrants = accessGrants.filter { _, grant in grant.expiresAt.map { $0 > horizon } ?? true }
    }

    /// 32 random bytes in hex; SystemRandomNumberGenerator is cryptographically secure.
    private static func randomToken(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + bytes.map { String(format: "%02x", $0) }.joined()
    }
}
