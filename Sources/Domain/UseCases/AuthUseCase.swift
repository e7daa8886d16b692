/// Signing in and out, and the credentials behind every other request. Throws `ReportError`, or
/// `CredentialsFileError` when the stored credentials cannot be read or written safely.
public protocol AuthUseCase: Sendable {
    /// Exchanges a refresh token for credentials, stores them and says who signed in.
    func login(refreshToken: String) async throws -> Session
    /// The current session, refreshing the access token if it has expired; nil when signed out.
    func session() async throws -> Session?
    /// Forgets the stored credentials. Returns whether there were any.
    func logout() async throws -> Bool
    /// A valid access token (refreshed if needed), for scripts.
    func accessToken() async throws -> String
}

/// Says who the credentials belong to (`GET /v1/me`).
public protocol MemberUseCase: Sendable {
    func me() async throws -> Member
}
