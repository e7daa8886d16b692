import Domain

/// Makes one authenticated request through a `Network<T>` and speaks only domain errors to its
/// callers: every use case goes through here, so the token handling and the error mapping
/// exist once.
struct ServiceRequester: Sendable {
    let tokens: any AccessTokenSource

    /// Sends `route` with an access token when it needs one. After a 401 the token source may
    /// renew the token once, and the request is sent once more with the new token; if the source
    /// cannot renew, or the request is refused again, the error stands.
    func send<T>(_ route: Router, on network: Network<T>) async throws -> T {
        try await perform(authenticated: route.endpoint.requiresAuth) { token async throws(NetworkError) in
            try await network.request(route, accessToken: token)
        }
    }

    /// Runs `attempt` with an access token when `authenticated` (nil otherwise), renewing the
    /// token and running it once more after a 401; failures come out as domain errors.
    func perform<R>(authenticated: Bool,
                    _ attempt: (String?) async throws(NetworkError) -> R) async throws -> R {
        guard authenticated else {
            do {
                return try await attempt(nil)
            } catch {
                throw error.toDomain()
            }
        }
        let token = try await tokens.accessToken()
        do {
            return try await attempt(token)
        } catch {
            guard case .http(status: 401, _, _, _) = error,
                  let renewed = try await tokens.renewAfterRejection(of: token) else {
                throw error.toDomain()
            }
            do {
                return try await attempt(renewed)
            } catch {
                throw error.toDomain()
            }
        }
    }

    /// Runs a DTO's mapping to the domain; a contract violation becomes `invalidResponse`.
    func map<Entity>(_ mapping: () throws(DTOMappingError) -> Entity) throws -> Entity {
        do {
            return try mapping()
        } catch {
            throw error.toDomain()
        }
    }
}
