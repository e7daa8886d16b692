/// Everything that can go wrong when asking the service for a report, in the domain's terms.
/// The Data layer turns transport and HTTP failures into these; the CLI maps each to one message
/// and one exit code.
public enum ReportError: Error, Hashable, Sendable {
    /// No credentials, or the service rejected them (and a refresh could not fix it).
    case unauthorized(Detail)
    /// The interview belongs to another member.
    case forbidden(Detail)
    /// No such interview, hint or resource.
    case notFound(Detail)
    /// The service rejected a parameter (HTTP 400).
    case badRequest(Detail)
    /// The request cannot be sent as given (a path off the service, a malformed header); nothing
    /// was sent.
    case invalidRequest(Detail)
    /// The analysis of this interview is still running.
    case analysisPending(TermNumber)
    /// The service could not analyse this interview.
    case analysisFailed(TermNumber)
    /// The service is under maintenance or refusing work for now (HTTP 503/429).
    case unavailable(ServiceOutage)
    /// The service could not be reached: connect, DNS, TLS or timeout.
    case network(NetworkFailure)
    /// The service failed (HTTP 5xx other than 503).
    case server(status: Int, message: String)
    /// The service answered with something this client cannot read.
    case invalidResponse(Detail)
    /// What was asked for is not in the local cache, and the service may not be asked (`--offline`).
    case notCached(Detail)
    /// The local store cannot be used — SQLite's library cannot be loaded, the database cannot be
    /// opened or read — by a command whose work is the store (`search`, `sync`). Any other
    /// command goes on without it.
    case storeUnavailable(Detail)
    /// The profile was signed in again, as another member, while the command ran (another
    /// `auth login`): what the command was fetching belongs to the member it started with, so it
    /// stops rather than go on with the new member's token.
    case signInChanged(Detail)
    /// A progress view (`trend`, `compare --latest`) left out reports it could not fetch, and
    /// fewer than the two it needs remain: `found` could be fetched.
    case reportsLeftOut(found: Int, leftOut: [LeftOutReport])
    /// The operation was cancelled (Ctrl-C).
    case cancelled
}
