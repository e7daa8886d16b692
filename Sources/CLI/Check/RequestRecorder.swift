import Synchronization

/// The requests a run made, in order, each attempt once it ended: what `report check --junit`
/// names in each check's case (the requests a failing check made, the retries a passing one took).
final class RequestRecorder: Sendable {
    /// One attempt at a request (the URL redacted as `--verbose` shows it).
    struct Request: Sendable, Equatable {
        let method: String
        let url: String
        /// 1 for the first try, 2 for the first retry, …
        let attempt: Int
        let status: Int?
        /// Why there was no response (`connect`, `timeout`, …).
        let failure: String?

        var isRetry: Bool { attempt > 1 }

        /// `GET /v1/interviews/1001 -> 200`, `GET /v1/status -> connect failure (retry 2)`: the URL
        /// without `baseURL`, which the report names once.
        func line(baseURL: String) -> String {
            var path = url
            let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
            if !base.isEmpty, path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
            let outcome = status.map { "\($0)" } ?? "\(failure ?? "transport") failure"
            return "\(method) \(path) -> \(outcome)" + (isRetry ? " (retry \(attempt - 1))" : "")
        }
    }

    private let requests = Mutex<[Request]>([])

    func record(_ request: Request) {
        requests.withLock { $0.append(request) }
    }

    /// The requests recorded since the last call.
    func take() -> [Request] {
        requests.withLock { requests in
            defer { requests.removeAll() }
            return requests
        }
    }
}
