import Domain
import Terminal

/// The access token of a profile stored by `report auth login`, refreshed with the stored
/// refresh token shortly before it expires and after a 401.
///
/// The refresh sequence, safe against other `report` processes doing the same at the same time:
/// 1. take the exclusive lock on `credentials.lock`;
/// 2. re-read `credentials.json`: when the profile now holds another member's credentials (an
///    `auth login` as someone else finished meanwhile), fail with `ReportError.signInChanged` —
///    the command's cache scope, and what it asked for, are the first member's, and that member's
///    report must never be kept under, or served to, another; if another process has already
///    replaced the token found expired or rejected here, and its token has not expired, use that
///    one — refreshing again would spend the refresh token the other process has just stored,
///    and sign it out;
/// 3. otherwise spend the stored refresh token (`POST /v1/auth/token`, never retried);
/// 4. write the new pair atomically: the rotated refresh token is on disk before the new access
///    token is used, so nothing after this point can lose the only valid refresh token;
/// 5. release the lock.
actor StoredAccessTokenSource: AccessTokenSource {
    /// A stored token is refreshed this long before it expires, so it cannot expire in flight.
    static let refreshMargin: Int64 = 60

    private let store: CredentialsStore
    private let profile: String
    private let baseURL: BaseURL
    private let grant: TokenGrant
    private let lockTimeout: Duration
    private var current: StoredCredentials?
    /// The member of the credentials the command started with: the only one whose tokens it uses
    /// (its cache scope is this member's, `NetworkUseCaseProvider`).
    private let member: Int?
    /// Whether `current` was issued to this process. Such a token is used until it expires: the
    /// margin is for tokens stored a while ago, and a lifetime shorter than the margin must not
    /// make every request refresh.
    private var issuedHere = false
    /// The refresh in flight: requests rejected together share one refresh.
    private var refreshing: Task<String, any Error>?

    init(store: CredentialsStore, profile: String, baseURL: BaseURL, grant: TokenGrant,
         stored: StoredCredentials?, lockTimeout: Duration) {
        self.store = store
        self.profile = profile
        self.baseURL = baseURL
        self.grant = grant
        self.current = stored
        member = stored?.memIdx
        self.lockTimeout = lockTimeout
    }

    func accessToken() async throws -> String {
        let credentials = try usable(current)
        let expiresAt = credentials.accessTokenExpiresAt
        if grant.now() < (issuedHere ? expiresAt : expiresAt - Self.refreshMargin) {
            return credentials.accessToken
        }
        return try await refresh(replacing: credentials.accessToken)
    }

    func renewAfterRejection(of token: String) async throws -> String? {
        try await refresh(replacing: token)
    }

    func currentToken() async -> (token: String, expiresAt: Int64?)? {
        current.map { ($0.accessToken, $0.accessTokenExpiresAt) }
    }

    /// The credentials, if they exist and belong to this base URL: a token is never sent to a
    /// service other than the one that issued it.
    private func usable(_ credentials: StoredCredentials?) throws(ReportError) -> StoredCredentials {
        guard let credentials else {
            throw .unauthorized(Detail(.detailNotSignedIn, ["profile": .data(profile)]))
        }
        guard credentials.baseURL == baseURL.description else {
            throw .unauthorized(Detail(.detailSignedInElsewhere, ["profile": .data(profile), "stored": .data(credentials.baseURL),
                                                                 "baseURL": .data(baseURL.description)]))
        }
        return credentials
    }

    private func refresh(replacing seen: String) async throws -> String {
        if let refreshing {
            return try await refreshing.value
        }
        // An unstructured task: once the refresh token is spent, the answer must be stored even
        // if the request that asked for it is cancelled.
        let task = Task { try await self.refreshUnderLock(replacing: seen) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func refreshUnderLock(replacing seen: String) async throws -> String {
        let lock: FileLock
        do {
            lock = try await store.lock(timeout: lockTimeout)
        } catch let error as CredentialsFileError {
            throw ReportError.unauthorized(Detail(.detailCannotRefresh, ["detail": .detail(error.detail)]))
        }
        defer { lock.release() }

        var document: CredentialsDocument
        do {
            document = try store.read() ?? CredentialsDocument()
        } catch {
            throw ReportError.unauthorized(Detail(.detailCannotRefresh, ["detail": .detail(error.detail)]))
        }
        let stored = try usable(document.profiles[profile])
        try checkMember(stored)
        if stored.accessToken != seen, grant.now() < stored.accessTokenExpiresAt {
            // Another process refreshed while this one waited for the lock.
            current = stored
            issuedHere = false
            return stored.accessToken
        }

        let (grant, store, profile) = (grant, store, profile)
        let renewed = try await GrantsInFlight.run { [document] () async throws -> StoredCredentials in
            let renewed: StoredCredentials
            do throws(TokenGrant.Failure) {
                renewed = try await grant.exchange(stored.refreshToken)
            } catch {
                switch error {
                case .rejected:
                    throw ReportError.unauthorized(Detail(.detailSignInExpired))
                case .failed(let failure):
                    throw failure
                }
            }
            var document = document
            document.profiles[profile] = renewed
            do throws(CredentialsFileError) {
                try store.save(document)
            } catch {
                throw ReportError.unauthorized(Detail(.detailCredentialsNotSaved, ["detail": .detail(error.detail)]))
            }
            return renewed
        }
        // Stored all the same (the refresh token it replaces is spent), but not used for this member.
        try checkMember(renewed)
        current = renewed
        issuedHere = true
        return renewed.accessToken
    }

    /// Fails when `credentials` are not the member's this command started with.
    private func checkMember(_ credentials: StoredCredentials) throws(ReportError) {
        guard let member, credentials.memIdx != member else { return }
        throw .signInChanged(Detail(.detailSignInChanged, ["profile": .data(profile), "now": .data("\(credentials.memIdx)"), "was": .data("\(member)")]))
    }
}
