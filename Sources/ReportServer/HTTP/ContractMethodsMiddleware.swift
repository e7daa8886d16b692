import Hummingbird

/// The methods the contract declares for each of its paths (api/openapi.yaml). A path of the
/// contract asked with another method is 405 with an `Allow` header, not 404 (the path exists);
/// `HEAD` is answered wherever `GET` is, with the GET's status and headers and no body (the
/// routes register both; the body is dropped here).
struct ContractMethodsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Path patterns (a `*` segment stands for one parameter) and their methods.
    static var contract: [(pattern: [Substring], methods: [HTTPRequest.Method])] {
        let read: [HTTPRequest.Method] = [.get, .head]
        return [
            ("/v1/service/status", read), ("/v1/auth/token", [.post]), ("/v1/me", read), ("/v1/interviews", read),
            ("/v1/interviews/*", read), ("/v1/analysis/report", read), ("/v1/analysis/video-report", read),
            ("/v1/hints/*", read),
        ].map { (path: String, methods: [HTTPRequest.Method]) in (path.split(separator: "/"), methods) }
    }

    /// The methods the contract declares for `path`; nil when the contract has no such path.
    static func methods(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        return contract.first { entry in
            entry.pattern.count == segments.count
                && zip(entry.pattern, segments).allSatisfy { pattern, segment in pattern == "*" || pattern == segment }
        }?.methods
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let methods = Self.methods(for: request.uri.path) else {
            return try await next(request, context)
        }
        guard methods.contains(request.method) else {
            let allow = methods.map(\.rawValue).joined(separator: ", ")
            return try JSONResponse.make(
                ErrorBody(error: .init(code: "method_not_allowed",
                                       message: "\(request.method.rawValue) 메서드는 이 경로에서 지원하지 않습니다. 허용: \(allow)")),
                status: .methodNotAllowed, headers: [.allow: allow])
        }
        guard request.method == .head else {
            return try await next(request, context)
        }
        // The route answers HEAD as it answers GET (`ReportAPI.addRoutes`); the body goes here.
        let response = try await next(request, context)
        return Response(status: response.status, headers: response.headers, body: ResponseBody())
    }
}
