import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ReportServer
import TestSupport
import Synchronization
import Testing

/// The refresh-token grant with rotation, and access-token expiry.
@Suite struct TokenTests {
    @Test func refreshRotatesTheRefreshToken() async throws {
        try await withServer { api in
            let first = try await api.refresh("demo-refresh-42")
            #expect(first.status == .ok)
            #expect(first.isJSON)
            #expect(first.headers[.cacheControl] == "no-store")
            let pair = try first.decoded(WireToken.self)
            #expect(pair.tokenType == "Bearer")
            #expect(pair.memIdx == 42)
            #expect(pair.expiresIn == 3600)
            #expect(pair.refreshToken != "demo-refresh-42")
            #expect(pair.accessToken.hasPrefix("at_") && pair.refreshToken.hasPrefix("rt_"))

            // The issued access token works.
            let me = try await api.get("/v1/me", token: pair.accessToken)
            #expect(me.status == .ok)
            #expect(me.text.contains(#""memIdx":42"#))

            // The demo's standing refresh token signs in again (after a logout, in a demo or CI);
            // an issued refresh token works once and is replaced.
            let again = try await api.refresh("demo-refresh-42")
            #expect(again.status == .ok)
            #expect(try again.decoded(WireToken.self).refreshToken != pair.refreshToken)
            let second = try await api.refresh(pair.refreshToken)
            #expect(second.status == .ok)
            #expect(try await api.refresh(pair.refreshToken).errorCode == "invalid_token")
            let next = try second.decoded(WireToken.self)
            #expect(next.accessToken != pair.accessToken)
        }
    }

    @Test func tokensBelongToTheirMember() async throws {
        try await withServer { api in
            let pair = try await api.refresh("demo-refresh-7").decoded(WireToken.self)
            #expect(pair.memIdx == 7)
            #expect(try await api.get("/v1/interviews/2001", token: pair.accessToken).status == .ok)
            #expect(try await api.get("/v1/interviews/1001", token: pair.accessToken).errorCode == "forbidden")
        }
    }

    @Test func unknownRefreshTokenIsInvalidToken() async throws {
        try await withServer { api in
            for token in ["nope", "", "demo-access-42"] {
                let response = try await api.refresh(token)
                #expect(response.status == .unauthorized, "\(token)")
                #expect(response.errorCode == "invalid_token", "\(token)")
            }
        }
    }

    @Test(arguments: [
        "", "not json", "[]", #"{"grantType": "refresh_token"}"#, #"{"refreshToken": "demo-refresh-42"}"#,
        #"{"grantType": "password", "refreshToken": "demo-refresh-42"}"#, #"{"grantType": 1, "refreshToken": "demo-refresh-42"}"#,
    ])
    func malformedTokenRequestIsBadRequest(body: String) async throws {
        try await withServer { api in
            let response = try await api.post("/v1/auth/token", body: body)
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "bad_request")
        }
    }

    @Test func issuedAccessTokenExpires() async throws {
        // The server's token clock is the test's: moved past the lifetime rather than slept past
        // it, so a loaded machine can neither expire the token early nor keep it valid late.
        let time = MovableTime()
        try await withServer(.demo { $0.accessTokenLifetime = .seconds(5); $0.tokenClock = time.clock }) { api in
            let pair = try await api.refresh("demo-refresh-42").decoded(WireToken.self)
            #expect(pair.expiresIn == 5)
            time.advance(by: .milliseconds(4999))
            #expect(try await api.get("/v1/me", token: pair.accessToken).status == .ok)
            time.advance(by: .milliseconds(1))
            let expired = try await api.get("/v1/me", token: pair.accessToken)
            #expect(expired.status == .unauthorized)
            #expect(expired.errorCode == "token_expired")
            // Static tokens never expire, and refreshing gives a working token again.
            #expect(try await api.get("/v1/me").status == .ok)
            let fresh = try await api.refresh(pair.refreshToken).decoded(WireToken.self)
            #expect(try await api.get("/v1/me", token: fresh.accessToken).status == .ok)
            time.advance(by: .seconds(5))
            #expect(try await api.get("/v1/me", token: fresh.accessToken).errorCode == "token_expired")
        }
    }

    @Test func zeroLifetimeTokensAreExpiredAtOnce() async throws {
        try await withServer(.demo { $0.accessTokenLifetime = .zero }) { api in
            let pair = try await api.refresh("demo-refresh-42").decoded(WireToken.self)
            #expect(pair.expiresIn == 0)
            #expect(try await api.get("/v1/interviews", token: pair.accessToken).errorCode == "token_expired")
        }
    }
}

/// A token clock that stands still but for the moves a test makes.
private final class MovableTime: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    var clock: TokenClock {
        TokenClock { [self] in start.advanced(by: offset.withLock { $0 }) }
    }

    func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}
