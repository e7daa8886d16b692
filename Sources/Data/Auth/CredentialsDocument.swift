/// The whole of `credentials.json`: every profile's credentials.
///
/// ```json
/// {"version": 1, "profiles": {"default": {"baseURL": "…", "memIdx": 42, "accessToken": "…",
///                                         "accessTokenExpiresAt": 1767225600, "refreshToken": "…"}}}
/// ```
struct CredentialsDocument: Codable, Hashable, Sendable {
    static let currentVersion = 1

    var version: Int
    var profiles: [String: StoredCredentials]

    init(version: Int = CredentialsDocument.currentVersion, profiles: [String: StoredCredentials] = [:]) {
        self.version = version
        self.profiles = profiles
    }
}
