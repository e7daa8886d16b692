/// Every kind of failure a command ends with, each with its exit status (`ExitStatus`, the README's
/// table) and its stable code for `--json` error objects: one table, so the two cannot drift apart.
enum ErrorKind: String, CaseIterable, Sendable {
    case usage
    /// A `--terms-from` line that is not a term number.
    case invalidTerm = "invalid_term"
    /// The service called the request malformed (HTTP 400).
    case badRequest = "bad_request"
    case configuration
    case unauthorized
    /// The profile was signed in again, as another member, while the command ran.
    case signInChanged = "sign_in_changed"
    case forbidden
    case notFound = "not_found"
    /// A file named on the command line does not exist.
    case inputNotFound = "input_not_found"
    /// `--offline`, and the report is not in the cache.
    case notCached = "not_cached"
    case analysisPending = "analysis_pending"
    case analysisFailed = "analysis_failed"
    case maintenance
    case unavailable
    case network
    /// `--max-time` passed.
    case timeout
    case serverError = "server_error"
    case invalidResponse = "invalid_response"
    case cannotWrite = "cannot_write"
    case outputFailed = "output_failed"
    /// `--jq`'s expression failed on a document, or a document was not JSON.
    case filterFailed = "filter_failed"
    case interrupted
    case terminated
    case `internal`

    /// The machine-readable name in `--json` error objects and batch summaries.
    var code: String { rawValue }

    var status: ExitStatus {
        switch self {
        case .usage, .invalidTerm, .badRequest: .usage
        case .configuration: .configuration
        case .unauthorized, .signInChanged: .authentication
        case .forbidden: .forbidden
        case .notFound, .inputNotFound, .notCached: .notFound
        case .analysisPending: .pending
        case .analysisFailed: .analysisFailed
        case .maintenance, .unavailable: .unavailable
        case .network, .timeout: .network
        case .serverError: .serverError
        case .invalidResponse: .invalidResponse
        case .cannotWrite: .cannotWrite
        case .outputFailed: .outputFailed
        case .filterFailed: .filterFailed
        case .interrupted: .interrupted
        case .terminated: .terminated
        case .internal: .internalError
        }
    }
}
