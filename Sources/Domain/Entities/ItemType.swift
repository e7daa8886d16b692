/// The kind of mock interview, the service's `itemTypeCode`.
public enum ItemType: Hashable, Sendable {
    case company
    case personality
    case competency
    /// A code this client does not know yet; the service may add kinds.
    case other(String)

    public init(code: String) {
        switch code {
        case "COMPANY": self = .company
        case "PERSONALITY": self = .personality
        case "COMPETENCY": self = .competency
        default: self = .other(code)
        }
    }

    /// The code as the service spells it.
    public var code: String {
        switch self {
        case .company: "COMPANY"
        case .personality: "PERSONALITY"
        case .competency: "COMPETENCY"
        case .other(let code): code
        }
    }
}
