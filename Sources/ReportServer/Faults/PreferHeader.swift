/// `Prefer: code=503`, `Prefer: fault=reset`, `Prefer: delay=2s` (and `retry-after=N` with a
/// code): one answer asked for by the request itself, as Prism does. Several may be combined
/// (`Prefer: delay=1s, code=500`). Preferences it does not know, or values it cannot use, are
/// ignored (RFC 7240: a server may ignore a preference).
enum PreferHeader {
    static func decision(from values: [String]) -> FaultInjector.Decision? {
        var code: Int?
        var retryAfter: Int?
        var kind: FaultKind?
        var delay: Duration?
        for preference in values.flatMap({ $0.split(whereSeparator: { $0 == "," || $0 == ";" }) }) {
            let parts = preference.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingWhitespace().lowercased()
            var value = parts[1].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            switch name {
            case "code":
                if let number = Int(value), FaultRule.statuses.contains(Int64(number)) { code = number }
            case "retry-after":
                if let number = Int(value), (0...86_400).contains(number) { retryAfter = number }
            case "fault":
                if let asked = FaultKind(rawValue: value), asked.isConnectionLevel { kind = asked }
            case "delay":
                delay = FaultDuration.parse(value)
            default:
                continue
            }
        }
        let action: FaultInjector.Decision.Action? = code.map { .status($0, retryAfter: retryAfter) } ?? kind.map { .connection($0) }
        guard action != nil || delay != nil else { return nil }
        return FaultInjector.Decision(source: "Prefer", delay: delay, action: action)
    }
}

private extension Substring {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
