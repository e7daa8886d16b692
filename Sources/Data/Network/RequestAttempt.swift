/// One attempt at a request, as an observer of a run's requests sees it once it has ended
/// (`ServiceConfiguration.observe`): what was asked, which attempt it was, and how it ended.
/// The URL is redacted as `--verbose` shows it; no header or body.
public struct RequestAttempt: Hashable, Sendable {
    public let method: String
    /// The URL, credential-like query values masked.
    public let url: String
    /// 1 for the first try, 2 for the first retry, …
    public let attempt: Int
    /// The response's status; nil when there was no response.
    public let status: Int?
    /// Why there was no response (`connect`, `timeout`, …); nil when there was one.
    public let failure: String?
}
