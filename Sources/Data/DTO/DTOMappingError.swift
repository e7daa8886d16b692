import Domain

/// A response that decoded but breaks the contract's rules (a score out of range, an unknown
/// level). It becomes `ReportError.invalidResponse` with this one-line description.
struct DTOMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    func toDomain() -> ReportError {
        .invalidResponse(Detail(.detailContractBroken, ["detail": .worded(description)]))
    }
}

/// Checks a 0–100 value.
func percentage(_ value: Int, at path: String) throws(DTOMappingError) -> Int {
    guard (0...100).contains(value) else {
        throw DTOMappingError("\(path) must be between 0 and 100, got \(value)")
    }
    return value
}

/// A value from the wire, quoted and shortened for an error message (it may be anything).
func quoted(_ value: String) -> String {
    let printable = value.unicodeScalars.filter { $0.properties.generalCategory != .control }
    let text = String(String.UnicodeScalarView(printable.prefix(40)))
    return "\"\(text)\"" + (printable.count > 40 ? "…" : "")
}
