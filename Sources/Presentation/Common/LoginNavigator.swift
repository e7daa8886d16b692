import Domain

/// Where any screen sends the user when the credentials are missing or were rejected and could
/// not be refreshed. One implementation lives in the CLI; view models call it and never print.
public protocol LoginNavigator: Sendable {
    /// The user has to sign in. `reason` is a one-line explanation that is safe to print.
    func toLogin(reason: String)
}
