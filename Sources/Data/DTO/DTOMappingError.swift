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

/// A value from the wire, quoted and shortened for an error message (it may be anything).
func quoted(_ value: String) -> String {
    let printable = value.unicodeScalars.filter { $0.properties.generalCategory != .control }
    let text = String(String.UnicodeScalarView(printable.prefix(40)))
    return "\"\(text)\"" + (printable.count > 40 ? "…" : "")
}
