#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain
import Presentation
import Terminal

/// `report auth …`: signs in, says who is signed in, signs out, and hands a token to scripts.
/// Only `token()` ever writes a token; everything else shows it masked at most.
struct AuthFlow: Sendable {
    let authUseCase: AuthUseCase
    let profile: String
    let baseURL: String
    /// Whether REPORT_TOKEN is set: it overrides whatever is stored, so login and logout say so.
    let environmentTokenIsSet: Bool
    let signInCommand: String
    let json: Bool
    let tokenReader: TokenReader
    let clock: AppClock
    let standardOutput: StandardStream
    let standardError: StandardStream
    /// The language of the lines for a person, the prompt and the errors of signing in; the JSON
    /// documents stay English.
    var words: Words = .english

    /// Reads the refresh token (piped with `withToken`, else typed at the terminal), exchanges
    /// it and stores the credentials.
    func login(withToken: Bool) async throws -> ExitStatus {
        let refreshToken: String
        if withToken {
            guard let piped = try await tokenReader.readPiped() else { throw CancellationError() }
            refreshToken = piped
        } else if tokenReader.inputIsTerminal {
            refreshToken = try await tokenReader.promptHidden(words(.promptRefreshToken, ["baseURL": baseURL, "profile": profile]))
        } else {
            let command = signInCommand
            throw CLIError(.errorNoTokenNoTerminal, hint: .hintPipeToken, ["command": .data(command)], kind: .usage)
        }
        let session: Session
        do {
            session = try await perform("sign-in") { try await authUseCase.login(refreshToken: refreshToken) }
        } catch let error as CLIError where error.status == .authentication {
            let command = signInCommand
            throw error.replacingHint(Said(.hintNewRefreshToken, ["command": .data(command)]))
        } catch let error as SignInCheckError {
            let failure = CLIError(error.failure, context: "")
            let (member, profile) = ("\(error.memIdx)", profile)
            throw CLIError(Said(.detailRefusalSignInCheckFailed, ["member": .data(member), "profile": .data(profile), "detail": .said(failure.said)]),
                           hint: Said(.detailRefusalCheckSignInLater), kind: failure.kind, httpStatus: failure.httpStatus)
        }
        if json {
            try write(SessionDocument(session: session, profile: profile))
        }
        standardError.note(words(.authLoggedIn, ["url": session.baseURL, "member": memberText(session.member), "profile": profile]) + "\n")
        if environmentTokenIsSet {
            standardError.note(words[.authTokenStillSet] + "\n")
        }
        return .success
    }

    /// Who is signed in: 0 when the credentials work (the service is asked), 4 when not.
    func status() async throws -> ExitStatus {
        guard let session = try await perform("auth status", { try await authUseCase.session() }) else {
            throw CLIError(.detailRefusalNotSignedInTo, ["url": .data("\(baseURL)"), "profile": .data("\(profile)")], kind: .unauthorized)
        }
        if json {
            try write(SessionDocument(session: session, profile: profile))
            return .success
        }
        let credentials = switch session.source {
        case .stored: words[.authStoredByLogin]
        case .environment: words[.authFromEnvironment]
        }
        let token = session.maskedAccessToken ?? words[.authNoToken]
        let tokenText = session.accessTokenExpiresAt.map { expiresAt in
            words(.authTokenExpires, ["token": token, "at": DisplayDate.instant(SessionDocument.iso8601(expiresAt), words: words),
                                        "remaining": remaining(until: expiresAt)])
        } ?? words(.authTokenExpiryUnknown, ["token": token])
        let rows = [(words[.authProfileLabel], profile), (words[.authCredentialsLabel], credentials),
                    (words[.authAccessTokenLabel], tokenText)]
        // The values line up after the widest label ("access token: ", "액세스 토큰: ").
        let labelWidth = rows.map { TextLayout.width(of: $0.0) }.max() ?? 0
        var lines = [words(.authSignedInAs, ["url": session.baseURL, "member": memberText(session.member)])]
        for (label, value) in rows {
            lines.append("  " + label + ":" + String(repeating: " ", count: labelWidth - TextLayout.width(of: label) + 1) + value)
        }
        try standardOutput.write(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// Forgets the profile's stored credentials; signing out of nothing is not an error.
    func logout() async throws -> ExitStatus {
        let removed = try await perform("auth logout", { try await authUseCase.logout() })
        if json {
            try write(LogoutDocument(baseURL: baseURL, profile: profile, removed: removed,
                                     environmentTokenIsSet: environmentTokenIsSet))
        }
        if removed {
            standardError.note(words(.authSignedOut, ["profile": profile]) + "\n")
        } else {
            standardError.note(words(.authNotSignedIn, ["profile": profile]) + "\n")
        }
        if environmentTokenIsSet {
            standardError.note(words[.authTokenStillUsed] + "\n")
        }
        return .success
    }

    /// A valid access token on stdout, for scripts: the one place a token is printed.
    func token() async throws -> ExitStatus {
        let token = try await perform("auth token") { try await authUseCase.accessToken() }
        if json {
            try write(TokenDocument(accessToken: token, baseURL: baseURL, profile: profile))
        } else {
            try standardOutput.write(token + "\n")
        }
        return .success
    }

    private func perform<T>(_ context: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ReportError {
            throw CLIError(error, context: context)
        } catch let error as CredentialsFileError {
            throw CLIError(error, signInCommand: signInCommand)
        }
    }

    private func write(_ document: some JSONWritable) throws {
        try standardOutput.write(JSONWriter.text(of: document, pretty: standardOutput.isTerminal) + "\n")
    }

    private func memberText(_ member: Member?) -> String {
        guard let member else { return words[.authUnknownMember] }
        return words(.authMember, ["name": PrintableText.line(member.name), "email": PrintableText.line(member.email),
                                   "id": "\(member.memIdx)"])
    }

    /// "in 59 min", "expired 3 min ago".
    private func remaining(until expiresAt: Int64) -> String {
        let seconds = expiresAt - clock.secondsSince1970()
        let amount = abs(seconds)
        let text = amount < 120 ? words(.authSeconds, ["count": "\(amount)"])
            : amount < 7200 ? words(.authMinutes, ["count": "\(amount / 60)"]) : words(.authHours, ["count": "\(amount / 3600)"])
        return seconds >= 0 ? words(.authExpiresIn, ["time": text]) : words(.authExpiredAgo, ["time": text])
    }
}
