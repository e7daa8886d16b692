import Foundation
import HTTPTypes
import Hummingbird
import Terminal

/// Applies the fault decided for a request: a status with the contract's error body, a delay, or
/// (marked on the response for `FaultChannelHandler`, which acts on the connection) a stall, a
/// cut body, a reset, a close or a malformed body. Not for the admin endpoint.
struct FaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let injector: FaultInjector
    /// `--verbose`: one line on stderr for every fault injected.
    let logs: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard !path.hasPrefix(FaultAdmin.path) else { return try await next(request, context) }
        guard let decision = injector.decide(prefer: request.headers[values: .prefer], method: request.method.rawValue,
                                             path: path, term: Self.term(of: request)) else {
            return try await next(request, context)
        }
        if logs {
            let target = RequestLogMiddleware<Context>.redacted(path: path, query: request.uri.query)
            // A rule's name comes from faults.json or from a request to the admin endpoint.
            ServerLog.write("fault \(decision.source): \(request.method) \(target): \(decision.kindDescription)")
        }
        if let delay = decision.delay {
            try await Task.sleep(for: delay)
        }
        switch decision.action {
        case nil:
            return try await next(request, context)
        case .status(let code, let retryAfter)?:
            throw ServerError.injected(status: code, retryAfter: retryAfter)
        case .connection(let kind)?:
            var response: Response
            switch kind {
            case .reset, .close:
                response = Response(status: .ok)
            default:
                // Stalled, cut or malformed: the real answer's headers and body (an error's too),
                // spoilt on the way out.
                do {
                    response = try await next(request, context)
                } catch {
                    response = try JSONErrorMiddleware.response(for: error, to: request, context: context)
                }
            }
            response.headers[FaultChannelHandler.marker] = kind.rawValue
            return response
        }
    }

    /// The interview a request is about, for rules with `term`: `?termNo=` or `/v1/interviews/{termNo}`.
    static func term(of request: Request) -> UInt32? {
        if let text = request.uri.queryParameters.get("termNo") {
            return IntegerParameter.parse(text, as: UInt32.self, in: 1...UInt32.max)
        }
        let segments = request.uri.path.split(separator: "/")
        guard segments.count == 3, segments[0] == "v1", segments[1] == "interviews" else { return nil }
        return IntegerParameter.parse(String(segments[2]), as: UInt32.self, in: 1...UInt32.max)
    }
}

extension ServerError {
    /// The contract's error body for a status a fault answers with.
    static func injected(status code: Int, retryAfter: Int?) -> ServerError {
        var error: ServerError
        switch code {
        case 400: error = .badRequest("요청 형식이 올바르지 않습니다.")
        case 401: error = .invalidToken
        case 403: error = .forbidden
        case 404: error = .notFound("요청한 경로를 찾을 수 없습니다.")
        case 429: error = ServerError(status: .tooManyRequests, code: "rate_limited", message: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.")
        case 503: error = ServerError(status: .serviceUnavailable, code: "maintenance", message: "일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.")
        case 400..<500: error = .badRequest("요청을 처리할 수 없습니다.")
        default: error = .internalError
        }
        error.status = HTTPResponse.Status(code: code)
        if let retryAfter {
            error.headers[.retryAfter] = String(retryAfter)
        }
        return error
    }
}

extension HTTPField.Name {
    /// RFC 7240's request header, which `PreferHeader` reads.
    static var prefer: Self { Self("Prefer")! }
}
