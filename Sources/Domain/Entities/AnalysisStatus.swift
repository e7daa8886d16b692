/// Where the service is in analysing an interview. A status this client does not know yet is kept
/// as the service spelled it (`other`): shown as sent, never fatal.
public enum AnalysisStatus: Hashable, Sendable {
    case done
    case pending
    case failed
    /// A newer status, or none at all (`""`, when the service did not say).
    case other(String)

    public init(code: String?) {
        switch code {
        case "DONE": self = .done
        case "PENDING": self = .pending
        case "FAILED": self = .failed
        default: self = .other(code ?? "")
        }
    }

    /// The status as the service spells it; nil when it sent none.
    public var code: String? {
        switch self {
        case .done: "DONE"
        case .pending: "PENDING"
        case .failed: "FAILED"
        case .other(let code): code.isEmpty ? nil : code
        }
    }
}
