
extension AppContainer {
    /// `report auth …`. Login and logout pass `storedCredentialsOnly`: they manage the stored
    /// credentials even while REPORT_TOKEN is set (and say that it still overrides them).
    func makeAuthFlow(json: Bool, storedCredentialsOnly: Bool) throws -> AuthFlow {
        let settings = try makeSettings()
        let provider = try makeUseCaseProvider(settings: settings, usingEnvironmentToken: !storedCredentialsOnly)
        var flow = AuthFlow(
            authUseCase: provider.makeAuthUseCase(),
            profile: settings.profile,
            baseURL: settings.baseURL,
            environmentTokenIsSet: settings.accessToken != nil,
            signInCommand: settings.signInCommand,
            json: json,
            tokenReader: TokenReader(prompt: standardError, input: streams.input),
            clock: context.clock,
            standardOutput: standardOutput,
            standardError: standardError,
            words: makeWords()
        )
        flow.words = makeWords()
        return flow
    }
}
