import Domain

/// A change as a person reads it: `▲ 14`, `▼ 3`, `= 0`; `—` when there is nothing to compare.
public enum ChangeText {
    public static func text(_ change: Int?) -> String {
        guard let change else { return "—" }
        if change > 0 { return "▲ \(change)" }
        if change < 0 { return "▼ \(-change)" }
        return "= 0"
    }

    /// A change that is neither better nor worse (a speaking rate): `+32`, `−32`, `= 0`; `—`
    /// when there is nothing to compare.
    public static func plain(_ change: Int?) -> String {
        guard let change else { return "—" }
        if change > 0 { return "+\(change)" }
        if change < 0 { return "−\(-change)" }
        return "= 0"
    }
}
