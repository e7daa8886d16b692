import Hummingbird

/// An error the API answers with: a status and the contract's `{"error": {"code", "message"}}` body.
struct ServerError: Error, HTTPResponseError, Equatable {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var headers: HTTPFields = [:]

    /// Retry-After of a maintenance answer, in seconds.
    static let maintenanceRetryAfterSeconds = 120

    static let invalidToken = ServerError(
        status: .unauthorized,
        code: "invalid_token",
        message: "인증 토큰이 없거나 올바르지 않습니다.",
        headers: [.wwwAuthenticate: #"Bearer error="invalid_token""#]
    )
    static let tokenExpired = ServerError(
        status: .unauthorized,
        code: "token_expired",
        message: "인증 토큰이 만료되었습니다. 토큰을 갱신한 뒤 다시 시도해 주세요.",
        headers: [.wwwAuthenticate: #"Bearer error="invalid_token", error_description="expired""#]
    )
    static let forbidden = ServerError(status: .forbidden, code: "forbidden", message: "다른 회원의 면접 결과는 볼 수 없습니다.")
    static let internalError = ServerError(
        status: .internalServerError,
        code: "internal",
        message: "일시적인 서버 오류입니다. 잠시 후 다시 시도해 주세요."
    )

    static func badRequest(_ message: String) -> ServerError {
        ServerError(status: .badRequest, code: "bad_request", message: message)
    }

    static func notFound(_ message: String) -> ServerError {
        ServerError(status: .notFound, code: "not_found", message: message)
    }

    static func maintenance(_ notice: MaintenanceNotice) -> ServerError {
        ServerError(
            status: .serviceUnavailable,
            code: "maintenance",
            message: notice.message,
            headers: [.retryAfter: String(maintenanceRetryAfterSeconds)]
        )
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONResponse.make(ErrorBody(error: .init(code: code, message: message)), status: status, headers: headers)
    }
}

extension ServerError {
    /// The contract's error for a status Hummingbird produced itself (unknown path, body too large, …).
    init(frameworkError error: HTTPError) {
        switch error.status.code {
        case 404, 405:
            self = .notFound("요청한 경로를 찾을 수 없습니다.")
        case 400..<500:
            self = .badRequest(error.body ?? "요청 형식이 올바르지 않습니다.")
            self.status = error.status
        default:
            self = .internalError
            self.status = error.status
        }
        headers.append(contentsOf: error.headers)
    }
}
