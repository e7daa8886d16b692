import Terminal

/// `report auth list --json`: `{"defaultProfile", "defaultProfileOrigin", "profiles": [{"name",
/// "baseURL", "default", "signIn", "memIdx"?, "signedInBaseURL"?, "accessTokenExpiresAt"?}],
/// "schemaVersion"}` — never a token.
struct ProfileListDocument: JSONWritable, Sendable {
    /// Whether the profile has stored credentials, and whether their access token still holds.
    enum SignInState: String, Sendable {
        case signedIn = "signed-in", expired, none
    }

    struct Profile: JSONWritable, Sendable {
        let name: String
        /// The service the profile's commands go to: its base_url in config.toml, else where it
        /// signed in, else the built-in default.
        let baseURL: String
        let isDefault: Bool
        let signIn: SignInState
        let memIdx: Int?
        /// Where the stored credentials belong.
        let signedInBaseURL: String?
        /// ISO-8601 in UTC.
        let accessTokenExpiresAt: String?

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("accessTokenExpiresAt", ifPresent: accessTokenExpiresAt)
                writer.member("baseURL", baseURL)
                writer.member("default", isDefault)
                writer.member("memIdx", ifPresent: memIdx)
                writer.member("name", name)
                writer.member("signIn", signIn.rawValue)
                writer.member("signedInBaseURL", ifPresent: signedInBaseURL)
            }
        }
    }

    let profiles: [Profile]
    let defaultProfile: String
    /// `environment` (REPORT_PROFILE), `file` (default_profile) or `default`.
    let defaultProfileOrigin: String

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("defaultProfile", defaultProfile)
            writer.member("defaultProfileOrigin", defaultProfileOrigin)
            writer.member("profiles", profiles)
            writer.schemaVersionMember()
        }
    }
}
