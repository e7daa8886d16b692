/// The body of `POST /v1/auth/token`.
struct TokenRequest: Decodable, Sendable {
    var grantType: String
    var refreshToken: String
}
