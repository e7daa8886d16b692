import Presentation
import Terminal

extension AppContainer {
    /// `report auth list` and `report auth switch`: config.toml and the stored sign-ins, read here.
    func makeProfilesFlow() throws -> ProfilesFlow {
        let folder = try resolver.configurationDirectory.get().value
        return ProfilesFlow(resolver: resolver, configurationDirectory: folder, now: context.clock.secondsSince1970(),
                            standardOutput: standardOutput, standardError: standardError, words: makeWords())
    }
}

/// The profiles a person has — config.toml's, those signed in to, and `default`, which always
/// exists — as `auth list` shows them, and `auth switch`, which makes one the default. Reads the
/// files only: no request, and no token is ever printed.
struct ProfilesFlow: Sendable {
    let resolver: SettingsResolver
    let configurationDirectory: String
    /// Seconds since 1970: whether an access token has expired.
    let now: Int64
    let standardOutput: StandardStream
    let standardError: StandardStream
    let words: Words

    /// Every profile, sorted by name, with the default one marked.
    func profiles() throws -> ProfileListDocument {
        let config = try configFile()
        let signIns: [String: ServiceLayer.SignIn]
        do {
            signIns = try ServiceLayer.storedSignIns(configurationDirectory: configurationDirectory)
        } catch {
            throw CLIError(error, signInCommand: "report auth login")
        }
        let chosen = try defaultProfile()
        var names = Set(signIns.keys)
        if let config { names.formUnion(config.profiles.keys) }
        names.insert(ServiceSettings.defaultProfile)
        names.insert(chosen.value)
        let profiles = names.sorted().map { name in
            let signIn = signIns[name]
            let state: ProfileListDocument.SignInState = switch signIn {
            case nil: .none
            case let signIn? where signIn.accessTokenExpiresAt <= now: .expired
            case _?: .signedIn
            }
            return ProfileListDocument.Profile(
                name: name,
                baseURL: config?.profiles[name]?.baseURL?.value ?? signIn?.baseURL ?? ServiceSettings.defaultBaseURL,
                isDefault: name == chosen.value, signIn: state, memIdx: signIn?.memIdx,
                signedInBaseURL: signIn?.baseURL,
                accessTokenExpiresAt: signIn.map { SessionDocument.iso8601($0.accessTokenExpiresAt) })
        }
        return ProfileListDocument(profiles: profiles, defaultProfile: chosen.value, defaultProfileOrigin: chosen.origin.kind.rawValue)
    }

    /// `report auth list`: a table (the default marked `*`), or one JSON document.
    func list(json: Bool) throws -> ExitStatus {
        let document = try profiles()
        if json {
            try standardOutput.write(JSONWriter.text(of: document, pretty: standardOutput.isTerminal) + "\n")
            return .success
        }
        let header = ["", words[.authListProfile], words[.authListService], words[.authListMember], words[.authListSignIn]]
        let rows = document.profiles.map { profile in
            [profile.isDefault ? "*" : "", PrintableText.line(profile.name), PrintableText.line(ServiceLayer.redacted(profile.baseURL)),
             profile.memIdx.map { "\($0)" } ?? "-", stateText(profile.signIn)]
        }
        let table = [header] + rows
        let widths = (0..<header.count).map { column in table.map { TextLayout.width(of: $0[column]) }.max() ?? 0 }
        var text = ""
        for row in table {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : TextLayout.pad(cell, to: widths[column])
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        text += "\n" + words[.authListDefault] + "\n"
        try standardOutput.write(text)
        return .success
    }

    /// `report auth switch PROFILE`: `default_profile` in config.toml, written as `config set`
    /// writes it (atomically, under config.toml's lock, every other line kept).
    func switchTo(_ name: String) async throws -> ExitStatus {
        let known = try profiles().profiles.map(\.name)
        guard known.contains(name) else {
            let shown = PrintableText.oneLine(name, maxLength: 64)
            let list = known.joined(separator: ", ")
            throw CLIError(.errorUnknownProfile, ["profile": .data(shown)], hint: .hintKnownProfiles, ["profiles": .data(list)], kind: .usage)
        }
        guard let path = resolver.configFilePath else { return .success }
        try await ConfigFileEditor(path: path).setDefaultProfile(name)
        standardError.note(words(.authSwitched, ["profile": name, "path": path]) + "\n")
        if let current = resolver.environment["REPORT_PROFILE"], current != name {
            standardError.note(words(.authSwitchEnvironmentWins, ["current": PrintableText.oneLine(current, maxLength: 64), "profile": name]) + "\n")
        }
        return .success
    }

    private func stateText(_ state: ProfileListDocument.SignInState) -> String {
        switch state {
        case .signedIn: words[.authStateSignedIn]
        case .expired: words[.authStateExpired]
        case .none: words[.authStateNone]
        }
    }

    /// config.toml, or its problem as the command's error.
    private func configFile() throws -> ConfigFile? {
        do {
            return try resolver.config.get()
        } catch {
            throw CLIError(Said(error.detail), hint: Said(.hintFixConfig), kind: .configuration)
        }
    }

    /// The profile a command uses without `--profile`: REPORT_PROFILE, else default_profile, else `default`.
    private func defaultProfile() throws -> Resolved<String> {
        do {
            return try resolver.profile(flag: nil)
        } catch {
            throw CLIError(Said(error.detail), hint: Said(.hintFixConfig), kind: .configuration)
        }
    }
}
