import Hummingbird

/// Turns every error into the contract's JSON error body, including Hummingbird's own 404s.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try Self.response(for: error, to: request, context: context)
        }
    }

    /// The contract's error response for `error` (FaultMiddleware spoils error responses too).
    static func response(for error: any Error, to request: Request, context: Context) throws -> Response {
        switch error {
        case let error as ServerError:
            return try error.response(from: request, context: context)
        case let error as HTTPError:
            return try ServerError(frameworkError: error).response(from: request, context: context)
        default:
            context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            return try ServerError.internalError.response(from: request, context: context)
        }
    }
}
