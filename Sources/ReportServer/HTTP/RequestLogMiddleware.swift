import Foundation
import Hummingbird
import Terminal

/// `--verbose`: one line per request on stderr: method, path, query, status and time. Never headers,
/// so Authorization stays out of the log, and the value of any query parameter named like a token
/// (a client mistake, but a common one) is redacted.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        // The path is the client's: printable and bounded before it reaches the operator's terminal.
        let target = PrintableText.oneLine(Self.redacted(path: request.uri.path, query: request.uri.query), maxLength: 500)
        ServerLog.write("\(request.method) \(target) \(response.status.code) \(String(format: "%.1f", milliseconds))ms")
        return response
    }

    static func redacted(path: String, query: String?) -> String {
        guard let query, !query.isEmpty else { return path }
        let parts = query.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            let name = part.prefix { $0 != "=" }
            return name.lowercased().contains("token") && name.count < part.count ? "\(name)=[redacted]" : String(part)
        }
        return path + "?" + parts.joined(separator: "&")
    }
}
