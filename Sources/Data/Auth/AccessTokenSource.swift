import Domain

/// Where the use cases get the access token for a request.
protocol AccessTokenSource: Sendable {
    /// A token to send now (refreshed first when it is about to expire). Throws
    /// `ReportError.unauthorized` when there is none.
    func accessToken() async throws -> String

    /// A new token after the service rejected `token` with 401; nil when this source cannot get
    /// one (then the rejection stands). Throws `ReportError.unauthorized` when renewing failed
    /// for good (the sign-in expired).
    func renewAfterRejection(of token: String) async throws -> String?

    /// The token this source would send and its expiry, without refreshing; nil when there is none.
    func currentToken() async -> (token: String, expiresAt: Int64?)?
}

/// A token fixed for the life of the process (`REPORT_TOKEN`): nothing to refresh.
struct StaticAccessTokenSource: AccessTokenSource {
    let token: String?

    func accessToken() async throws -> String {
        guard let token else {
            throw ReportError.unauthorized(Detail(.detailNoAccessToken))
        }
        return token
    }

    func renewAfterRejection(of token: String) async throws -> String? {
        nil
    }

    func currentToken() async -> (token: String, expiresAt: Int64?)? {
        token.map { ($0, nil) }
    }
}
