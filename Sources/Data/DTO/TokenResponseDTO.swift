import Domain

/// `{"accessToken", "refreshToken", "expiresIn", "tokenType", "memIdx"}` from `POST /v1/auth/token`.
struct TokenResponseDTO: Decodable, ResponseBody {
    let accessToken: String
    let refreshToken: String
    let expiresIn: Int64
    let tokenType: String?
    let memIdx: Int

    /// The new credentials, issued at `now` (seconds since 1970) for `baseURL`.
    func toCredentials(baseURL: BaseURL, now: Int64) throws(DTOMappingError) -> StoredCredentials {
        // Tokens go into a header: a malformed one is refused here, and never quoted.
        guard TokenSyntax.isWellFormed(accessToken) else { throw DTOMappingError(.detailContractTokenMalformed, ["field": .data("accessToken")]) }
        guard TokenSyntax.isWellFormed(refreshToken) else { throw DTOMappingError(.detailContractTokenMalformed, ["field": .data("refreshToken")]) }
        guard expiresIn >= 0 else { throw DTOMappingError(.detailContractExpiresIn, ["value": .data("\(expiresIn)")]) }
        if let tokenType, tokenType.lowercased() != "bearer" {
            throw DTOMappingError(.detailContractTokenType, ["value": .data(quoted(tokenType))])
        }
        // Capped at ten years so that adding it to `now` cannot overflow.
        let lifetime = min(expiresIn, 315_360_000)
        return StoredCredentials(baseURL: baseURL.description, memIdx: memIdx, accessToken: accessToken,
                                 accessTokenExpiresAt: now + lifetime, refreshToken: refreshToken)
    }
}
