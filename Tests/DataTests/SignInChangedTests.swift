@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

/// A command's reports belong to the member it started with. When the profile is signed in again
/// as another member while it runs (another `auth login` finished), its refresh re-read
/// `credentials.json` under the lock and took whatever token was there: the new member's
/// report was kept in the first member's cache scope, and `--offline` served it to them. Now the
/// refresh fails with `ReportError.signInChanged` and nothing is asked with the other token.
@Suite("A sign-in that changed under a command")
struct SignInChangedTests {
    static let termNo = TermNumber(7)!
    static let interview = #"{"termNo":7,"companyName":"사람인","regDate":"2026-11-02T10:15:00+09:00","itemTypeCode":"COMPANY","analysisStatus":"DONE"}"#

    final class Folder: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-sign-in-changed-\(UUID().uuidString)").path
        var config: String { path + "/config" }
        var cache: String { path + "/cache" }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func credentials(_ server: LoopbackServer, member: Int, expiresAt: Int64) throws -> StoredCredentials {
        StoredCredentials(baseURL: try BaseURL(server.baseURL).description, memIdx: member, accessToken: "at-\(member)",
                          accessTokenExpiresAt: expiresAt, refreshToken: "rt-\(member)")
    }

    static func provider(_ server: LoopbackServer, _ folder: Folder, use: ServiceConfiguration.Cache.Use) throws -> NetworkUseCaseProvider {
        var configuration = ServiceConfiguration(baseURL: server.baseURL, credentials: .stored(directory: folder.config, profile: "default"),
                                                 clientVersion: "test", maxRetries: 0)
        configuration.cache = ServiceConfiguration.Cache(directory: folder.cache, use: use)
        return try NetworkUseCaseProvider(configuration: configuration)
    }

    @Test func aRefreshThatFindsAnotherMembersSignInFailsAndKeepsNothing() async throws {
        let folder = Folder()
        let server = try LoopbackServer(routes: ["/v1/interviews/7": { _, connection in
            connection.respond(status: 200, headers: [("ETag", "\"a\""), ("Cache-Control", "max-age=3600"),
                                                      ("Content-Type", "application/json")], body: Self.interview)
            return .keepAlive
        }])
        defer { server.stop() }
        let store = CredentialsStore(directory: folder.config)
        // Member 42's access token has expired: the first request refreshes.
        try store.save(CredentialsDocument(profiles: ["default": Self.credentials(server, member: 42, expiresAt: 0)]))
        let interviews = try Self.provider(server, folder, use: .revalidate).makeInterviewUseCase()

        // Meanwhile member 7 signs in to the same profile.
        let later = Int64(Date().timeIntervalSince1970) + 3600
        try store.save(CredentialsDocument(profiles: ["default": Self.credentials(server, member: 7, expiresAt: later)]))
        await #expect(throws: ReportError.signInChanged(Detail(.detailSignInChanged, ["profile": .data("default"), "now": .data("7"), "was": .data("42")]))) {
            try await interviews.interview(termNo: Self.termNo)
        }
        #expect(server.requests.allSatisfy { $0.header("Authorization") != "Bearer at-7" }, "member 7's token was used")

        // Member 42 again, offline: nothing of member 7's is kept under member 42.
        try store.save(CredentialsDocument(profiles: ["default": Self.credentials(server, member: 42, expiresAt: later)]))
        let offline = try Self.provider(server, folder, use: .offline).makeInterviewUseCase()
        await #expect(throws: ReportError.notCached(Detail(.detailNotCachedInterview))) { try await offline.interview(termNo: Self.termNo) }
    }
}
