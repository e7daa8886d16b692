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
