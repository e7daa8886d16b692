import Domain

/// Where a profile's stored credentials belong, for messages: read without the lock, and nil when
/// there are none or the file cannot be read (the command that needs them says why).
public enum StoredSignIn {
    /// The base URL the profile signed in to (normalised, as `report auth login` stored it).
    public static func baseURL(configurationDirectory: String, profile: String) -> String? {
        (try? CredentialsStore(directory: configurationDirectory).read())?.profiles[profile]?.baseURL
    }

    /// Every profile's stored sign-in, without its tokens, by profile; empty when there is no
    /// credentials file. Read without the lock (a reader sees the old file or the new one); a
    /// file that cannot be used is its error, as for every command that reads it.
    public static func all(configurationDirectory: String) throws(CredentialsFileError) -> [String: StoredSignInSummary] {
        guard let document = try CredentialsStore(directory: configurationDirectory).read() else { return [:] }
        var summaries: [String: StoredSignInSummary] = [:]
        for (profile, credentials) in document.profiles {
            summaries[profile] = StoredSignInSummary(profile: profile, baseURL: credentials.baseURL, memIdx: credentials.memIdx,
                                                     accessTokenExpiresAt: credentials.accessTokenExpiresAt)
        }
        return summaries
    }

    /// Whether two base URLs name the same service once normalised (`HTTP://Host:80/` and
    /// `http://host`); false when either is not a base URL.
    public static func sameService(_ first: String, _ second: String) -> Bool {
        guard let first = try? BaseURL(first), let second = try? BaseURL(second) else { return false }
        return first == second
    }
}
