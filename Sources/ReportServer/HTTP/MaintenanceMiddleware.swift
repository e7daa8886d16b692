import Hummingbird

/// While the service is in maintenance, answers everything but the status endpoint with a 503.
struct MaintenanceMiddleware<Context: RequestContext>: RouterMiddleware {
    static var statusPath: String { "/v1/service/status" }

    let maintenance: MaintenanceSwitch

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.path != Self.statusPath, let notice = maintenance.current() {
            throw ServerError.maintenance(notice)
        }
        return try await next(request, context)
    }
}
