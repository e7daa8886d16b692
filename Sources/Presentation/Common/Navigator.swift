import Domain

/// Where a screen sends the user when the credentials are missing or were rejected and could not
/// be refreshed. The view models call it and never print; the CLI's navigator ends the command
/// with what to run to sign in (a terminal has no sign-in screen to show), a test records calls.
public protocol Navigator: Sendable {
    /// The user has to sign in. `reason` is a one-line explanation that is safe to print. A
    /// navigator that ends the screen here throws; the screen's `transform` passes that on.
    func toSignIn(reason: Detail) async throws
}
