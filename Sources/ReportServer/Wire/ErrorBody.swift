/// `{"error": {"code": …, "message": …}}`, the body of every error response.
struct ErrorBody: Codable, Sendable, Equatable {
    struct Detail: Codable, Sendable, Equatable {
        var code: String
        var message: String
    }

    var error: Detail
}
