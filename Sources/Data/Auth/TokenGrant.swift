import Domain

/// The refresh-token grant, `POST /v1/auth/token`: spends a refresh token and returns new
/// credentials (refresh tokens rotate). A POST that spends a token is never retried: if the
/// answer is lost, so is the token, and a retry would only be refused.
struct TokenGrant: Sendable {
    enum Failure: Error, Sendable {
        /// The service refused the refresh token (401): unknown, already used or revoked.
        case rejected
        /// Anything else, in the domain's terms.
        case failed(ReportError)
    }

    let network: Network<TokenResponseDTO>
    /// Seconds since 1970.
    let now: @Sendable () -> Int64

    func exchange(_ refreshToken: String) async throws(Failure) -> StoredCredentials {
        let dto: TokenResponseDTO
        do {
            dto = try await network.request(.refreshToken(refreshToken), accessToken: nil)
        } catch {
            if case .http(status: 401, _, _, _) = error { throw .rejected }
            throw .failed(error.toDomain())
        }
        do {
            return try dto.toCredentials(baseURL: network.baseURL, now: now())
        } catch {
            throw .failed(.invalidResponse(Detail(.detailUnusableCredentials, ["detail": .detail(error.detail)])))
        }
    }
}
