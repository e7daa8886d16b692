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
    let authUseCase: any AuthUseCase
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
    /// The language of the prompt and of the errors of signing in.
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
            throw CLIError(kind: .usage) { words in
                (words[.errorNoTokenNoTerminal], words(.hintPipeToken, ["command": command]))
            }
        }
        let session: Session
        do {
            session = try await perform("sign-in") { try await authUseCase.login(refreshToken: refreshToken) }
        } catch let error as CLIError where error.status == .authentication {
            let command = signInCommand
            throw CLIError(kind: error.kind, httpStatus: error.httpStatus) { words in
                (error.line(in: words, signingInWith: { _ in "" }).message, words(.hintNewRefreshToken, ["command": command]))
            }
        } catch let error as SignInCheckError {
            let failure = CLIError(error.failure, context: "")
            throw CLIError(message: "signed in as member \(error.memIdx) and saved the credentials of profile \(profile), "
                               + "but checking them with the service failed: \(failure.message)",
                           hint: "run `report auth status` to check the sign-in once the service answers",
                           kind: failure.kind, httpStatus: failure.httpStatus)
        }
        if json {
            try write(SessionDocument(session: session, profile: profile))
        }
        standardError.note("Signed in to \(session.baseURL) as \(memberText(session.member)), profile \(profile).\n")
        if environmentTokenIsSet {
            standardError.note("Note: REPORT_TOKEN is set and takes precedence over these credentials until it is unset.\n")
        }
        return .success
    }

    /// Who is signed in: 0 when the credentials work (the service is asked), 4 when not.
    func status() async throws -> ExitStatus {
        guard let session = try await perform("auth status", { try await authUseCase.session() }) else {
            throw CLIError(message: "not signed in to \(baseURL) (profile \(profile))",
                           kind: .unauthorized)
        }
        if json {
            try write(SessionDocument(session: session, profile: profile))
            return .success
        }
        var lines = ["Signed in to \(session.baseURL) as \(memberText(session.member))"]
        lines.append("  profile:      \(profile)")
        switch session.source {
        case .stored:
            lines.append("  credentials:  stored by `report auth login`")
        case .environment:
            lines.append("  credentials:  REPORT_TOKEN (it overrides any stored credentials)")
        }
        let token = session.maskedAccessToken ?? "none"
        if let expiresAt = session.accessTokenExpiresAt {
            lines.append("  access token: \(token), expires \(SessionDocument.iso8601(expiresAt)) (\(remaining(until: expiresAt)))")
        } else {
            lines.append("  access token: \(token), expiry unknown")
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
            standardError.note("Signed out: removed the stored credentials of profile \(profile) and the reports cached for them.\n")
        } else {
            standardError.note("Not signed in: there were no stored credentials for profile \(profile).\n")
        }
        if environmentTokenIsSet {
            standardError.note("Note: REPORT_TOKEN is still set, and requests still use it.\n")
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
        guard let member else { return "an unknown member" }
        return "\(PrintableText.line(member.name)) <\(PrintableText.line(member.email))> (member \(member.memIdx))"
    }

    /// "in 59 min", "expired 3 min ago".
    private func remaining(until expiresAt: Int64) -> String {
        let seconds = expiresAt - clock.secondsSince1970()
        let amount = abs(seconds)
        let text = amount < 120 ? "\(amount) s" : amount < 7200 ? "\(amount / 60) min" : "\(amount / 3600) h"
        return seconds >= 0 ? "in \(text)" : "expired \(text) ago"
    }
}
