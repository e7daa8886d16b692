import Domain
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the use cases get the access token for a request.
protocol AccessTokenSource: Sendable {
    /// A token to send now (refreshed first when it is about to expire). Throws
    /// `ReportError.unauthorized` when there is none.
    func accessToken() async throws -> String

    /// A new token after the service rejected `token` with 401; nil when this source cannot get
    /// one (then the rejection stands). Throws `ReportError.unauthorized` when renewing failed
    /// for good (the sign-in expired).
    func renewAfterRejection(of token: String) async throws -> String?

    /// The token this source would send and its expiry, without refreshing; nil when there is none.
    func currentToken() async -> (token: String, expiresAt: Int64?)?
}

/// A token fixed for the life of the process (`REPORT_TOKEN`): nothing to refresh.
struct StaticAccessTokenSource: AccessTokenSource {
    let token: String?

    func accessToken() async throws -> String {
        guard let token else {
            throw ReportError.unauthorized(Detail(.detailNoAccessToken))
        }
        return token
    }

    func renewAfterRejection(of token: String) async throws -> String? {
        nil
    }

    func currentToken() async -> (token: String, expiresAt: Int64?)? {
        token.map { ($0, nil) }
    }
}


/// Refresh-token grants under way in this process, from the request that spends the refresh token
/// to the saving of the pair the service rotated in. The process must not end inside one: the old
/// refresh token is spent, so losing the answer signs the member out. `TransportShutdown` and the
/// CLI's stop fallback wait for them (each bounded by its own request timeout).
enum GrantsInFlight {
    private static let count = Mutex(0)

    /// Runs `body` as a grant in flight, in a task of its own that the caller's cancellation
    /// (Ctrl-C, SIGTERM, `--max-time`) does not reach: once sent, the grant finishes and its pair
    /// is saved, and only then does the caller see the cancellation.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
        count.withLock { $0 += 1 }
        let task = Task {
            defer { count.withLock { $0 -= 1 } }
            return try await body()
        }
        return try await task.value
    }

    /// Blocks until no grant is in flight, or `timeout` has passed; returns whether one was. Not
    /// for the cooperative pool: called on the way out of the process.
    @discardableResult
    static func waitUntilNone(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var waited = false
        while count.withLock({ $0 }) > 0, ContinuousClock.now < deadline {
            waited = true
            usleep(10_000)
        }
        return waited
    }
}
