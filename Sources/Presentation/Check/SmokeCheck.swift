import Domain

/// The checks, in the order they run.
public enum SmokeCheck: String, CaseIterable, Hashable, Sendable {
    case service
    case credentials
    case report

    /// What the check proves, as a line of output (and the JSON document, in English) names it.
    public var title: String { title(.english) }

    public func title(_ words: Words) -> String {
        switch self {
        case .service: words[.checkService]
        case .credentials: words[.checkCredentials]
        case .report: words[.checkReport]
        }
    }
}
