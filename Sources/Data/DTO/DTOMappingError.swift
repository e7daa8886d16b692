import Domain

/// A response that decoded but breaks the contract's rules (a score out of range, an unknown
/// level), as a key and its values (the key path and the value as data). It becomes
/// `ReportError.invalidResponse`.
struct DTOMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    let detail: Detail

    init(_ key: Detail.Key, _ values: [String: Detail.Value] = [:]) {
        detail = Detail(key, values)
    }

    /// The key and its values, for a log or a test (`Detail.description`).
    var description: String { detail.description }

    func toDomain() -> ReportError {
        .invalidResponse(Detail(.detailContractBroken, ["detail": .detail(detail)]))
    }
}

/// A value from the wire, quoted and shortened for an error message (it may be anything).
func quoted(_ value: String) -> String {
    let printable = value.unicodeScalars.filter { $0.properties.generalCategory != .control }
    let text = String(String.UnicodeScalarView(printable.prefix(40)))
    return "\"\(text)\"" + (printable.count > 40 ? "…" : "")
}
