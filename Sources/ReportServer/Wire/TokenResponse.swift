/// A freshly issued token pair.
struct TokenResponse: Encodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var tokenType = "Bearer"
    var memIdx: Int
}
