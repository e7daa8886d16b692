import Foundation
import Hummingbird

/// `--verbose`: one line per request on stderr. Only method, path, query, status and time:
/// never headers, so Authorization and tokens stay out of logs.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        let line = "\(request.method) \(request.uri) \(response.status.code) \(String(format: "%.1f", milliseconds))ms\n"
        FileHandle.standardError.write(Data(line.utf8))
        return response
    }
}
