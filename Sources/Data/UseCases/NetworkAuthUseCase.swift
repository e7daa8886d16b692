import Domain

/// Signs in with a refresh token (`POST /v1/auth/token`, then `GET /v1/me`), keeps the
/// credentials in a `CredentialsStore`, and reports on them: signing in and out, and the
/// credentials behind every other request. Throws `ReportError`, or `CredentialsFileError` when
/// the stored credentials cannot be read or written safely.
public struct NetworkAuthUseCase: Sendable {
    /// Where the credentials of requests come from.
    enum Mode: Sendable {
        /// `REPORT_TOKEN`: nothing is stored, nothing is refreshed.
        case environment
        /// A profile of the credentials file.
        case stored(CredentialsStore, profile: String)
        /// No credentials at all.
        case none
    }

    let mode: Mode
    let grant: TokenGrant
    /// `/v1/me` with a token given explicitly: the one just issued by a sign-in.
    let memberNetwork: Network<MemberDTO>
    /// `/v1/me` through the requester: with the current token, refreshed as needed.
    let member: NetworkMemberUseCase
    let tokens: any AccessTokenSource
    let baseURL: BaseURL
    let lockTimeout: Duration
    /// The report stores' folder: the store of the member signing out goes with the credentials.
    let storeFolder: ReportStoreFolder?

    /// Exchanges a refresh token for credentials, stores them and says who signed in.
    public func login(refreshToken: String) async throws -> Session {
        guard case .stored(let store, let profile) = mode else {
            throw ReportError.unauthorized(Detail(.detailCredentialsOnlyInFile))
        }
        guard TokenSyntax.isWellFormed(refreshToken) else {
            throw ReportError.badRequest(Detail(.detailRefreshTokenNotOneWord))
        }
        let (credentials, previous) = try await exchangeAndStore(refreshToken, in: store, profile: profile)
        let member: Member
        do {
            member = try await memberNetwork.request(.me, accessToken: credentials.accessToken).toDomain()
        } catch {
            // The credentials are stored (the refresh token they replace is spent): say so.
            throw SignInCheckError(memIdx: credentials.memIdx, failure: error.toDomain())
        }
        guard member.memIdx == credentials.memIdx else {
            // The grant and the service disagree about who signed in: keep nothing of it.
            try await restore(previous, in: store, profile: profile)
            throw ReportError.invalidResponse(Detail(.detailMemberMismatch, ["issued": .data("\(credentials.memIdx)"), "answered": .data("\(member.memIdx)")]))
        }
        return Session(member: member, baseURL: credentials.baseURL,
                       accessTokenExpiresAt: credentials.accessTokenExpiresAt, source: .stored,
                       maskedAccessToken: TokenSyntax.masked(credentials.accessToken))
    }

    /// Spends the refresh token and stores what it buys, under the lock so that a concurrent
    /// refresh of the same file cannot write over it. The file is read before the token is spent:
    /// a file that cannot be used safely is reported while the token is still good.
    /// Returns the stored credentials and the profile's credentials they replaced, if any.
    private func exchangeAndStore(_ refreshToken: String, in store: CredentialsStore,
                                  profile: String) async throws -> (StoredCredentials, StoredCredentials?) {
        _ = try store.read()
        let lock = try await store.lock(timeout: lockTimeout)
        defer { lock.release() }
        let document = try store.read() ?? CredentialsDocument()
        let grant = grant
        return try await GrantsInFlight.run { () async throws -> (StoredCredentials, StoredCredentials?) in
            let credentials: StoredCredentials
            do throws(TokenGrant.Failure) {
                credentials = try await grant.exchange(refreshToken)
            } catch {
                switch error {
                case .rejected:
                    throw ReportError.unauthorized(Detail(.detailRefreshTokenRejected))
                case .failed(let failure):
                    throw failure
                }
            }
            var document = document
            let previous = document.profiles[profile]
            document.profiles[profile] = credentials
            try store.save(document)
            return (credentials, previous)
        }
    }

    /// Puts the profile's credentials back as they were before a sign-in that cannot be trusted.
    private func restore(_ previous: StoredCredentials?, in store: CredentialsStore, profile: String) async throws {
        let lock = try await store.lock(timeout: lockTimeout)
        defer { lock.release() }
        var document = try store.read() ?? CredentialsDocument()
        document.profiles[profile] = previous
        try store.save(document)
    }

    /// The current session, refreshing the access token if it has expired; nil when signed out.
    public func session() async throws -> Session? {
        let source: Session.Source
        switch mode {
        case .none:
            return nil
        case .environment:
            source = .environment
        case .stored:
            guard await tokens.currentToken() != nil else { return nil }
            source = .stored
        }
        let member = try await member.me()
        // After the call: it may have refreshed the token.
        let current = await tokens.currentToken()
        return Session(member: member, baseURL: baseURL.description, accessTokenExpiresAt: current?.expiresAt,
                       source: source, maskedAccessToken: current.map { TokenSyntax.masked($0.token) })
    }

    /// Forgets the stored credentials. Returns whether there were any.
    public func logout() async throws -> Bool {
        guard case .stored(let store, let profile) = mode else { return false }
        // Checked before locking: signing out of nothing creates no directory.
        guard try store.read()?.profiles[profile] != nil else { return false }
        let lock = try await store.lock(timeout: lockTimeout)
        defer { lock.release() }
        guard var document = try store.read(), let removed = document.profiles.removeValue(forKey: profile) else {
            return false
        }
        try store.save(document)
        // The reports this sign-in fetched are personal data too: they go with the credentials.
        storeFolder?.clear(scope: ReportStore.Scope(storedBaseURL: removed.baseURL, memIdx: removed.memIdx))
        return true
    }

    /// A valid access token (refreshed if needed), for scripts.
    public func accessToken() async throws -> String {
        try await tokens.accessToken()
    }
}
