import Domain

/// Makes one authenticated request through a `Network<T>` and speaks only domain errors to its
/// callers: every use case goes through here, so the token handling and the error mapping
/// exist once.
struct ServiceRequester: Sendable {
    let tokens: any AccessTokenSource

    func send<T>(_ route: Router, on network: Network<T>) async throws -> T {
        let token = route.requiresAuthentication ? try await tokens.accessToken() : nil
        do {
            return try await network.request(route, accessToken: token)
        } catch let error as NetworkError {
            throw error.toDomain()
        } catch is CancellationError {
            throw ReportError.cancelled
        }
    }
}
