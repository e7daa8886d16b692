import Domain

/// Makes one authenticated request through a `Network<T>` and speaks only domain errors to its
/// callers: every use case goes through here, so the token handling and the error mapping
/// exist once.
struct ServiceRequester: Sendable {
    let tokens: any AccessTokenSource

    func send<T>(_ route: Router, on network: Network<T>) async throws -> T {
        let token = route.endpoint.requiresAuth ? try await tokens.accessToken() : nil
        do {
            return try await network.request(route, accessToken: token)
        } catch {
            throw error.toDomain()
        }
    }

    /// Runs a DTO's mapping to the domain; a contract violation becomes `invalidResponse`.
    func map<Entity>(_ mapping: () throws(DTOMappingError) -> Entity) throws -> Entity {
        do {
            return try mapping()
        } catch {
            throw ReportError.invalidResponse(error.description)
        }
    }
}
