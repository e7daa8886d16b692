import Hummingbird

/// While the service is in maintenance, answers everything but the status endpoint with a 503.
struct MaintenanceMiddleware<Context: RequestContext>: RouterMiddleware {
    static var statusPath: String { "/v1/service/status" }

    let maintenance: MaintenanceSwitch

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The admin endpoint stays usable: a test may need to change faults during maintenance.
        if request.uri.path != Self.statusPath, !request.uri.path.hasPrefix(FaultAdmin.path), let notice = maintenance.current() {
            throw ServerError.maintenance(notice)
        }
        return try await next(request, context)
    }
}
