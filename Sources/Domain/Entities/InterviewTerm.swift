/// One completed mock interview: the report's title data (the seed's CompletedInterviewData).
/// Every field that is only shown may be missing (nil): a real service sends `null` for what it
/// does not know, and the app's own model had them all optional. Only `termNo` is required.
public struct InterviewTerm: Hashable, Sendable {
    public let termNo: TermNumber
    public let companyName: String?
    public let occupationName: String?
    public let careerName: String?
    /// When the interview was taken, as the ISO-8601 date-time the service sent (its offset kept).
    public let registeredAt: String?
    /// A missing `itemTypeCode` is a kind this client does not know (`.other("")`).
    public let itemType: ItemType
    public let programLevel: String?
    public let analysisStatus: AnalysisStatus

    public init(termNo: TermNumber, companyName: String?, occupationName: String?, careerName: String?,
                registeredAt: String?, itemType: ItemType, programLevel: String?,
                analysisStatus: AnalysisStatus) {
        self.termNo = termNo
        self.companyName = companyName
        self.occupationName = occupationName
        self.careerName = careerName
        self.registeredAt = registeredAt
        self.itemType = itemType
        self.programLevel = programLevel
        self.analysisStatus = analysisStatus
    }
}

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

/// The number of one interview term: a positive integer of at most 2^32-1, as the service defines it.
public struct TermNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    /// Returns nil for 0, which the service never issues.
    public init?(_ rawValue: UInt32) {
        guard rawValue > 0 else { return nil }
        self.rawValue = rawValue
    }

    /// Parses decimal digits only (no sign, no spaces), as a user or a file gives them.
    public init?(parsing text: some StringProtocol) {
        guard !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = UInt32(text) else { return nil }
        self.init(value)
    }

    public var description: String { String(rawValue) }

    public static func < (lhs: TermNumber, rhs: TermNumber) -> Bool { lhs.rawValue < rhs.rawValue }
}
