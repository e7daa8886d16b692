import ArgumentParser

/// `report auth`: sign in, check who is signed in, sign out, print a token for scripts.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Sign in and out, show who is signed in, and list and switch profiles.",
        discussion: """
            Credentials are kept per profile in $XDG_CONFIG_HOME/report/credentials.json \
            (default ~/.config/report), readable by you only, and the access token is refreshed \
            before it expires. REPORT_TOKEN, when set, overrides them.
            """,
        subcommands: [AuthLoginCommand.self, AuthStatusCommand.self, AuthLogoutCommand.self, AuthTokenCommand.self,
                      AuthListCommand.self, AuthSwitchCommand.self]
    )
}
