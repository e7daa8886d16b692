import Domain

/// Where the use cases get the access token for a request.
protocol AccessTokenSource: Sendable {
    /// A token to send now. Throws `ReportError.unauthorized` when there is none.
    func accessToken() async throws -> String
}

/// A token fixed for the life of the process (`REPORT_TOKEN`).
struct StaticAccessTokenSource: AccessTokenSource {
    let token: String?

    func accessToken() async throws -> String {
        guard let token else {
            throw ReportError.unauthorized("no access token was given")
        }
        return token
    }
}
